import type { PageMatch } from '@tabula/protocol';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The SQL twin of protocol's `pageUrlMatches`, so page-view metrics are counted by the database: the same split of an
 * address into scheme, host, path, query and #fragment, the same default ports dropped, the same compared string per
 * match type, and the pattern's `*` as "any run of characters". The tests hold both to the same answers.
 */
export const URL_PARTS = String.raw`^([a-zA-Z][a-zA-Z0-9+.-]*)://([^/?#]+)([^?#]*)(\?[^#]*)?(#.*)?$`;

/**
 * The compared string of an address: scheme and host lower-cased, the scheme's default port dropped, an empty path
 * read as `/`. The address is split once, in a scalar subquery, however many parts the match type reads: `offset 0`
 * keeps the planner from inlining the split into each reference to `parts`, which would match the address once per
 * reference.
 */
function compared(address: SQL, match: PageMatch): SQL {
  const parts = sql.raw('parts');
  const scheme = sql`lower(${parts}[1])`;
  const host = sql`regexp_replace(lower(${parts}[2]), case ${scheme} when 'http' then ':80$' when 'https' then ':443$' else '$^' end, '')`;
  const path = sql`coalesce(nullif(${parts}[3], ''), '/')`;
  if (match === 'fuzzy') {
    const trimmedPath = sql`case when length(${path}) > 1 then regexp_replace(${path}, '/$', '') else ${path} end`;
    return sql`(select ${host} || ${trimmedPath} from (select regexp_match(${address}, ${URL_PARTS}) as parts offset 0) split)`;
  }
  const whole = sql`${scheme} || '://' || ${host} || ${path} || coalesce(${parts}[4], '') || coalesce(${parts}[5], '')`;
  return sql`(select ${whole} from (select regexp_match(${address}, ${URL_PARTS}) as parts offset 0) split)`;
}

/**
 * Whether the address in `url` (a text expression) matches the pattern. The pattern is split the same way, in the
 * database too, so the two sides cannot drift apart; a pattern or address that is not absolute matches nothing.
 */
export function pageUrlMatchesSql(pattern: string, match: PageMatch, url: SQL): SQL {
  const actual = compared(sql`btrim(${url})`, match);
  const wanted = compared(sql`${pattern.trim()}::text`, match);
  // The compared pattern becomes a LIKE pattern: `*` any run, every other character (LIKE's own `%`, `_` and backslash
  // included) literal.
  const like = sql`replace(replace(replace(replace(${wanted}, '\\', '\\\\'), '%', '\\%'), '_', '\\_'), '*', '%')`;
  return sql`coalesce(${actual} like ${like}, false)`;
}
