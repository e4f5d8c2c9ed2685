/** Something the SDK changed on the page, undone. */
export type Restore = () => void;

/** One inline style property as it stands now (value and priority), to be put back exactly. */
export function saveStyle(element: ElementCSSInlineStyle, name: string): Restore {
  const { style } = element;
  const value = style.getPropertyValue(name);
  const priority = style.getPropertyPriority(name);
  return () => {
    if (value) style.setProperty(name, value, priority);
    else style.removeProperty(name);
  };
}

/**
 * Setting an inline style adds a style attribute to an element that had none; this takes it away again once the
 * element's own styles are restored and none is left. Removing an attribute is allowed under a strict CSP, where
 * writing one (`setAttribute('style', …)`) is not.
 */
export function saveStyleAttribute(element: Element & ElementCSSInlineStyle): Restore {
  const absent = !element.hasAttribute('style');
  return () => {
    if (absent && element.style.length === 0) element.removeAttribute('style');
  };
}
