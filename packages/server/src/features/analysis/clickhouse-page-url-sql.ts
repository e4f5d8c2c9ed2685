import { comparedPageUrl, type PageMatch } from '@tabula/protocol';
import { chString } from '../../db/clickhouse/literal';
import { URL_PARTS } from './page-url-sql';

/**
 * The ClickHouse twin of protocol's `pageUrlMatches` (and of page-url-sql for PostgreSQL): the same split of an
 * address into scheme, host, path, query and #fragment, the same default ports dropped, the same compared string per
 * match type, the pattern's `*` as "any run of characters". ClickHouse 18.16 has no function returning a regular
 * expression's groups, so each part is the address rewritten to that group alone (an expression written twice is
 * computed once).
 */
const part = (address: string, group: number) =>
  `replaceRegexpOne(${address}, ${chString(URL_PARTS)}, ${chString(`\\${group}`)})`;

/** The compared string of an address that matches URL_PARTS: scheme and host lower-cased, the default port dropped. */
function compared(address: string, match: PageMatch): string {
  const scheme = `lower(${part(address, 1)})`;
  const lowerHost = `lower(${part(address, 2)})`;
  const host = `multiIf(${scheme} = 'http', replaceRegexpOne(${lowerHost}, ':80$', ''), ${scheme} = 'https', replaceRegexpOne(${lowerHost}, ':443$', ''), ${lowerHost})`;
  const path = `if(${part(address, 3)} = '', '/', ${part(address, 3)})`;
  if (match === 'fuzzy')
    return `concat(${host}, if(length(${path}) > 1, replaceRegexpOne(${path}, '/$', ''), ${path}))`;
  return `concat(${scheme}, '://', ${host}, ${path}, ${part(address, 4)}, ${part(address, 5)})`;
}

/**
 * Whether the address in `url` (a String expression) matches the pattern; a pattern or address that is not absolute
 * matches nothing. ClickHouse 18.16 takes only a constant LIKE pattern, so the pattern's compared string is protocol's
 * own, made a LIKE pattern here: `*` any run, every other character (LIKE's `%`, `_` and backslash included) literal.
 */
export function chPageUrlMatches(pattern: string, match: PageMatch, url: string): string {
  const wanted = comparedPageUrl(pattern, match);
  if (wanted === null) return '0';
  const like = wanted.replace(/[\\%_]/g, (character) => `\\${character}`).replace(/\*/g, '%');
  // Trimmed of spaces, as PostgreSQL's btrim does (18.16 has no trimBoth).
  const address = `replaceRegexpAll(${url}, '^ +| +$', '')`;
  return `(match(${address}, ${chString(URL_PARTS)}) AND ${compared(address, match)} LIKE ${chString(like)})`;
}
