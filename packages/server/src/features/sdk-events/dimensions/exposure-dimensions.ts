import { attributeDimension, type ExposureDimensions, MAX_DIMENSION_VALUE_LENGTH } from '@tabula/protocol';
import { countryFromHeaders } from './country';
import { parseUserAgent, type UserAgentDimensions } from './user-agent';

/** What a request tells of the visitor: its browser's own batch carries its user agent and, behind a CDN, its country. */
export interface RequestDimensions extends Partial<UserAgentDimensions> {
  country?: string;
}

/**
 * Every browser's user agent starts so; a server SDK's (Node's fetch, curl, a backend) does not, and tells nothing of
 * the visitor it sends for.
 */
const isBrowser = (ua: string): boolean => ua.startsWith('Mozilla/');

export function requestDimensions(
  headers: Record<string, string | string[] | undefined>,
  countryHeaders: readonly string[],
): RequestDimensions {
  const ua = headers['user-agent'];
  const country = countryFromHeaders(headers, countryHeaders);
  return { ...(typeof ua === 'string' && isBrowser(ua) && parseUserAgent(ua)), ...(country && { country }) };
}

/**
 * The dimensions an exposure is stored with (in its attributes), by dimension name (`browser`, …,
 * `attribute:<name>`), each a text. What the event says wins over the request: a server SDK speaks for its visitor.
 */
export function exposureDimensions(
  sent: ExposureDimensions | undefined,
  request: RequestDimensions,
): Record<string, string> | null {
  const { attributes, ...standard } = sent ?? {};
  const merged: Record<string, string> = { ...(request as Record<string, string>), ...standard };
  for (const [name, value] of Object.entries(attributes ?? {})) {
    merged[attributeDimension(name)] = String(value).slice(0, MAX_DIMENSION_VALUE_LENGTH);
  }
  return Object.keys(merged).length > 0 ? merged : null;
}
