/** Elements the editor never selects: the document itself, and its own user interface. */
export function isSelectable(element: Element | null, editorHost: Element | null): element is Element {
  if (!element || element === editorHost || editorHost?.contains(element)) return false;
  const tag = element.tagName.toLowerCase();
  return tag !== 'html' && tag !== 'head' && element.closest('head') === null;
}

/** "Choose parent": the element around the selected one, up to the body. */
export function parentOf(element: Element, editorHost: Element | null): Element | null {
  const parent = element.parentElement;
  return isSelectable(parent, editorHost) ? parent : null;
}

/** "Choose child": the first element inside the selected one that the editor may select. */
export function childOf(element: Element, editorHost: Element | null): Element | null {
  return Array.from(element.children).find((child) => isSelectable(child, editorHost)) ?? null;
}
