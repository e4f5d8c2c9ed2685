/** Spec §2: the kinds of element the property panel tells apart. */
export const ELEMENT_TYPES = ['text', 'image', 'container', 'unknown'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

const IMAGE_TAGS = new Set(['img', 'picture', 'svg', 'video', 'canvas']);
/** Elements whose content is not their text: form fields, frames, rules. */
const OPAQUE_TAGS = new Set(['input', 'textarea', 'select', 'iframe', 'object', 'embed', 'br', 'hr']);

/** Text: only text inside (its text can be replaced); container: other elements inside; image: a picture. */
export function elementTypeOf(element: Element): ElementType {
  const tag = element.tagName.toLowerCase();
  if (IMAGE_TAGS.has(tag)) return 'image';
  if (OPAQUE_TAGS.has(tag)) return 'unknown';
  if (element.children.length > 0) return 'container';
  return element.textContent?.trim() ? 'text' : 'unknown';
}
