/** The query parameter that makes the SDK show a chosen version, whatever the unit's own assignment. */
export const FORCE_PARAM = 'tabula_force';

/**
 * A QA link: the page with `tabula_force=<experiment>:<version>` in its query. The SDK reads a comma-separated
 * list there, so other experiments' forcing stays and only this experiment's is replaced; the other parameters
 * and the fragment stay too. Null when the address is not a web address.
 */
export function buildPreviewLink(pageUrl: string, experimentKey: string, versionKey: string): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const others = (url.searchParams.get(FORCE_PARAM) ?? '')
    .split(',')
    .filter((pair) => pair && pair.split(':')[0] !== experimentKey);
  url.searchParams.set(FORCE_PARAM, [...others, `${experimentKey}:${versionKey}`].join(','));
  return url.toString();
}
