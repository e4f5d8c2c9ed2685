import { type ClientOptions, createClient, type TabulaClient } from './client';

const flag = (value: string | undefined): boolean | undefined => (value === undefined ? undefined : value === 'true');

/**
 * The snippet's script tag can carry the client's options as data attributes (data-client-key, data-project-id…),
 * so a page needs no inline script and keeps a strict Content-Security-Policy. Without data-client-key nothing starts.
 */
export function clientFromScriptTag(script: { dataset: DOMStringMap } | null | undefined): TabulaClient | undefined {
  const data = script?.dataset;
  if (!data?.clientKey) return undefined;
  const common = {
    clientKey: data.clientKey,
    apiHost: data.apiHost,
    enableUI: flag(data.enableUi),
    autoPoll: flag(data.autoPoll),
    autoExposure: flag(data.autoExposure),
    streaming: flag(data.streaming),
  };
  const options: ClientOptions = data.appId
    ? { ...common, appId: data.appId, userId: data.userId || undefined }
    : { ...common, projectId: data.projectId || '', unitId: data.unitId || undefined };
  return createClient(options);
}
