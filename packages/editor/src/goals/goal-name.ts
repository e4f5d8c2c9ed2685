/** Long enough for a button's or a link's words, short enough to read as a goal's name in a list. */
const GOAL_NAME_MAX = 40;

/**
 * The name a click goal starts with: what the element says to visitors (its text, else its label, alternative text
 * or title) in a few words; empty when it says nothing.
 */
export function goalNameOf(element: Element): string {
  const said =
    [element.textContent, ...['aria-label', 'alt', 'title'].map((name) => element.getAttribute(name))]
      .map((text) => (text ?? '').replace(/\s+/g, ' ').trim())
      .find((text) => text !== '') ?? '';
  return said.length <= GOAL_NAME_MAX ? said : `${said.slice(0, GOAL_NAME_MAX - 1).trimEnd()}…`;
}
