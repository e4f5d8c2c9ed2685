import { create } from 'zustand';

interface ServerReachability {
  /** The last request found no server to answer it (the server is down, or this browser is offline). */
  unreachable: boolean;
  /**
   * The configured API host that did not answer, when it is not the console's own origin: then the cause may also be
   * a wrong address, or a host that does not accept this console's origin, and people need to know which host.
   */
  apiHost: string | null;
}

export const useServerReachability = create<ServerReachability>()(() => ({ unreachable: false, apiHost: null }));

/** Every request reports how it went, so the console knows the server is gone and when it is back. */
export function noteServerReachable(reachable: boolean, apiHost: string | null = null): void {
  const state = useServerReachability.getState();
  const next = { unreachable: !reachable, apiHost: reachable ? null : apiHost };
  if (state.unreachable !== next.unreachable || state.apiHost !== next.apiHost) useServerReachability.setState(next);
}
