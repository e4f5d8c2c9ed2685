import {
  attributeDimension,
  type ExposureDimensions,
  isBreakdownAttributeName,
  MAX_DIMENSION_VALUE_LENGTH,
} from '@tabula/protocol';
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
 * An exposure keeps this many of its unit's attributes: enough for the five a project breaks results down by, chosen
 * now or later, without storing whatever else a page passes.
 */
export const MAX_EXPOSURE_ATTRIBUTES = 20;

type Scalar = string | number | boolean | null;

const isEmpty = (value: object): boolean => {
  for (const _ in value) return false;
  return true;
};

/**
 * The dimensions an exposure is stored with (in its attributes), by dimension name (`browser`, …,
 * `attribute:<name>`), each a text. What the event says wins over the request: a server SDK speaks for its visitor.
 * The unit's attributes (as the SDK evaluated with them) are kept too, the first MAX_EXPOSURE_ATTRIBUTES with a name a
 * breakdown can have, below what `dimensions.attributes` names.
 */
export function exposureDimensions(
  sent: ExposureDimensions | undefined,
  request: RequestDimensions,
  unit: Record<string, Scalar> = {},
): Record<string, string> | null {
  // Most exposures carry neither dimensions nor attributes: those of one request share its dimensions, unchanged.
  if (sent === undefined && isEmpty(unit)) return isEmpty(request) ? null : (request as Record<string, string>);
  const { attributes, ...standard } = sent ?? {};
  const merged: Record<string, string> = { ...(request as Record<string, string>), ...standard };
  // On every exposure ingested: the scan stops at the last attribute kept.
  const kept: [string, Scalar][] = [];
  for (const [name, value] of Object.entries(unit)) {
    if (kept.length === MAX_EXPOSURE_ATTRIBUTES) break;
    if (value !== null && isBreakdownAttributeName(name)) kept.push([name, value]);
  }
  for (const [name, value] of [...kept, ...Object.entries(attributes ?? {})]) {
    merged[attributeDimension(name)] = String(value).slice(0, MAX_DIMENSION_VALUE_LENGTH);
  }
  return Object.keys(merged).length > 0 ? merged : null;
}
