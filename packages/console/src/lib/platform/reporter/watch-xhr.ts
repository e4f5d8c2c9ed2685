import type { WatchedCall } from './api-call';

function responseText(xhr: XMLHttpRequest): string {
  if (xhr.responseType === '' || xhr.responseType === 'text') return xhr.responseText;
  if (xhr.responseType === 'json') return JSON.stringify(xhr.response) ?? '';
  return '';
}

/** Spec §7: every XMLHttpRequest to a watched host is judged when it ends; one the caller aborted is not a failure. */
export function watchXhr(
  Xhr: typeof XMLHttpRequest,
  isWatched: (url: string) => boolean,
  onCall: (call: WatchedCall) => void,
): () => void {
  const { open, send } = Xhr.prototype;
  const requests = new WeakMap<XMLHttpRequest, { method: string; url: string }>();

  Xhr.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    try {
      const address = String(url);
      if (isWatched(address)) requests.set(this, { method, url: address });
      else requests.delete(this);
    } catch {
      requests.delete(this);
    }
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof open;

  Xhr.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const request = requests.get(this);
    if (request) {
      let aborted = false;
      this.addEventListener('abort', () => {
        aborted = true;
      });
      this.addEventListener('loadend', () => {
        if (aborted) return;
        try {
          onCall({ ...request, status: this.status, body: this.status === 401 ? '' : responseText(this) });
        } catch {
          // The page's own handlers must run whatever happens here.
        }
      });
    }
    return send.call(this, body);
  };

  return () => {
    Xhr.prototype.open = open;
    Xhr.prototype.send = send;
  };
}
