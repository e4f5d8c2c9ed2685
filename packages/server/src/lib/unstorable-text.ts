/** Characters that need a closer look: NUL and UTF-16 surrogates. Almost no text has any. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters this looks for.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL would refuse a text (NUL in text and jsonb, unpaired surrogates in jsonb), or null. One test of a
 * short pattern for the texts that have neither, which is almost all of them.
 */
export function unstorableText(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\u0000')) return 'contains a NUL character';
  return UNPAIRED_SURROGATE.test(text) ? 'contains an unpaired UTF-16 surrogate' : null;
}

/** What a JSON value holds that no database stores, and where: in a text, in a field name, or nesting too deep. */
export interface Unstorable {
  at: 'text' | 'key' | 'depth';
  /** 'contains a NUL character', …; empty for `depth`. */
  problem: string;
  /** Keys and indexes down to it, built only once something is found. */
  path: (string | number)[];
}

/**
 * The first thing in `value` PostgreSQL would refuse, or null: text with NUL or unpaired surrogates (in values and
 * field names), or containers nested `maxDepth` deep. The depth limit also bounds this function's own recursion, so
 * a body of brackets cannot exhaust the stack. Event ingest runs it on every event: nothing is allocated on the way.
 */
export function findUnstorable(value: unknown, maxDepth: number, depth = 0): Unstorable | null {
  if (typeof value === 'string') {
    const problem = unstorableText(value);
    return problem ? { at: 'text', problem, path: [] } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= maxDepth) return { at: 'depth', problem: '', path: [] };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorable(value[index], maxDepth, depth + 1);
      if (found) {
        found.path.unshift(index);
        return found;
      }
    }
    return null;
  }
  for (const key in value) {
    const problem = unstorableText(key);
    if (problem) return { at: 'key', problem, path: [key] };
    const found = findUnstorable((value as Record<string, unknown>)[key], maxDepth, depth + 1);
    if (found) {
      found.path.unshift(key);
      return found;
    }
  }
  return null;
}
