import { lookStyle, putStyleBack, removeAddedStyle } from './style';

/** How long a page may stay hidden while a visual experiment's changes are applied. */
export const ANTI_FLICKER_TIMEOUT_MS = 1000;

/**
 * Hides the page until the returned function is called or `timeoutMs` passes, whichever comes first; the page is shown
 * again exactly once, with the root element's inline opacity as it was.
 *
 * The root element gets `opacity: 0 !important` through CSSOM. A `<style>` element with text would be blocked by a
 * Content-Security-Policy whose style-src lacks 'unsafe-inline', and a style attribute written with setAttribute too;
 * setting a property on `element.style` is allowed by every policy. Opacity rather than visibility: a descendant
 * cannot make itself visible again, and the layout is the same hidden or shown.
 */
export function hidePage(timeoutMs = ANTI_FLICKER_TIMEOUT_MS, page: Document = document): () => void {
  const root = page.documentElement;
  const style = root.getAttribute('style');
  const opacity = lookStyle(root, 'opacity');
  root.style.setProperty('opacity', '0', 'important');
  let hidden = true;
  const show = () => {
    if (!hidden) return;
    hidden = false;
    clearTimeout(timer);
    putStyleBack(root, 'opacity', opacity);
    removeAddedStyle(root, style);
  };
  const timer = setTimeout(show, timeoutMs);
  return show;
}
