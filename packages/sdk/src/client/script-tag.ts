import { type ClientOptions, createClient, type TabulaClient } from './client';
import { SCRIPT_PAYLOAD_PROPERTY } from './constants';

const flag = (value: string | undefined): boolean | undefined => (value === undefined ? undefined : value === 'true');

/**
 * The snippet's script tag can carry the client's options as data attributes (data-client-key, data-project-id…),
 * so a page needs no inline script and keeps a strict Content-Security-Policy. Without data-client-key nothing starts.
 * An empty data-user-id or data-unit-id is no id. A script loaded with `?key=` carries the payload too: the client
 * starts from it rather than waiting for its first request.
 */
export function clientFromScriptTag(
  script: { dataset: DOMStringMap; [SCRIPT_PAYLOAD_PROPERTY]?: unknown } | null | undefined,
): TabulaClient | undefined {
  if (!script?.dataset.clientKey) return undefined;
  const data = script.dataset;
  const { clientKey, decryptionKey, apiHost, appId, userId, projectId, unitId } = data;
  return createClient({
    clientKey,
    decryptionKey,
    apiHost,
    appId,
    userId,
    projectId,
    unitId,
    enableUI: flag(data.enableUi),
    autoPoll: flag(data.autoPoll),
    autoExposure: flag(data.autoExposure),
    streaming: flag(data.streaming),
    payload: script[SCRIPT_PAYLOAD_PROPERTY],
  } as ClientOptions);
}
