import { report } from '../core/report';

export interface NavigationOptions {
  /** Hears of a failure of the callback, which is never thrown into the page's own navigation. */
  onError?: (error: Error) => void;
  /** The window to watch; the page's own when left out. */
  window?: Window;
}

/**
 * Calls `onNavigate` with the new address whenever a single-page application changes it: through history.pushState or
 * replaceState, the back and forward buttons (popstate), or the fragment (hashchange). A change that leaves the
 * address as it was calls nothing. Returns the function that stops watching.
 */
export function watchNavigation(onNavigate: (url: string) => void, options: NavigationOptions = {}): () => void {
  const view = options.window ?? window;
  const { history, location } = view;
  let url = location.href;
  let watching = true;

  const check = () => {
    if (!watching || location.href === url) return;
    url = location.href;
    try {
      onNavigate(url);
    } catch (error) {
      report(error, options);
    }
  };

  const wrap = (method: 'pushState' | 'replaceState') => {
    const original = history[method];
    const wrapped: History[typeof method] = function (this: History, ...args) {
      const result = original.apply(this, args);
      check();
      return result;
    };
    history[method] = wrapped;
    // A script that wrapped the method after us calls ours: it stays in place, and does nothing more.
    return () => {
      if (history[method] === wrapped) history[method] = original;
    };
  };

  const unwrap = [wrap('pushState'), wrap('replaceState')];
  view.addEventListener('popstate', check);
  view.addEventListener('hashchange', check);
  return () => {
    watching = false;
    for (const restore of unwrap) restore();
    view.removeEventListener('popstate', check);
    view.removeEventListener('hashchange', check);
  };
}
