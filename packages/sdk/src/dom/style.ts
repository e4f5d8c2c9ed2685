// Inline styles are read and written through CSSOM: a strict Content-Security-Policy allows it, where it refuses a
// style attribute written with setAttribute.

/** One inline style property as it stands: its value, `!`, and its priority (none without a value). */
export function lookStyle({ style }: ElementCSSInlineStyle, name: string): string {
  const value = style.getPropertyValue(name);
  return `${value}!${value && style.getPropertyPriority(name)}`;
}

/** Puts one inline style property back as `lookStyle` read it; the priority follows the last `!`, which none contains. */
export function putStyleBack({ style }: ElementCSSInlineStyle, name: string, old: string): void {
  const at = old.lastIndexOf('!');
  const value = old.slice(0, at);
  if (value) style.setProperty(name, value, old.slice(at + 1));
  else style.removeProperty(name);
}

/**
 * Setting an inline style gives an element that had no style attribute (`old`, as getAttribute read it) one; this takes
 * it away again once none of its inline styles is left. Removing an attribute is allowed under a strict CSP.
 */
export const removeAddedStyle = (element: Element & ElementCSSInlineStyle, old: string | null) =>
  old === null && element.style.length === 0 && element.removeAttribute('style');
