import { type ClientOptions, createClient, type TabulaClient } from './client';

const flag = (value: string | undefined): boolean | undefined => (value === undefined ? undefined : value === 'true');

/**
 * The snippet's script tag can carry the client's options as data attributes (data-client-key, data-project-id…),
 * so a page needs no inline script and keeps a strict Content-Security-Policy. Without data-client-key nothing starts.
 * An empty data-user-id or data-unit-id is no id.
 */
export function clientFromScriptTag(script: { dataset: DOMStringMap } | null | undefined): TabulaClient | undefined {
  const data = script?.dataset;
  if (!data?.clientKey) return undefined;
  const { clientKey, apiHost, appId, userId, projectId, unitId } = data;
  return createClient({
    clientKey,
    apiHost,
    appId,
    userId,
    projectId,
    unitId,
    enableUI: flag(data.enableUi),
    autoPoll: flag(data.autoPoll),
    autoExposure: flag(data.autoExposure),
    streaming: flag(data.streaming),
  } as ClientOptions);
}
