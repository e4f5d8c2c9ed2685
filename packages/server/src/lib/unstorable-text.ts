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
