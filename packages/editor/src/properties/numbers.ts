import { isInteger, parseFloatOrZero } from '@tabula/protocol';

export type NumberKind = 'integer' | 'float';

/** What a number field holds: a number, nothing (the property goes back to the page's own), or not a number. */
export type NumberInput = { valid: true; value: number | null } | { valid: false };

/**
 * Spec §5: an integer field takes an optional minus sign followed by digits and refuses anything else; a float field
 * reads what it can, 0 for what is no number. An empty field is no value.
 */
export function readNumber(kind: NumberKind, text: string): NumberInput {
  const trimmed = text.trim();
  if (trimmed === '') return { valid: true, value: null };
  if (kind === 'float') return { valid: true, value: parseFloatOrZero(trimmed) };
  return isInteger(trimmed) ? { valid: true, value: Number(trimmed) } : { valid: false };
}

/** A computed length as the field shows it: `12.5px` → `12.5`; `auto`, `normal` and other keywords → empty. */
export function pixelsOf(computed: string): string {
  const match = /^(-?\d+(?:\.\d+)?)px$/.exec(computed.trim());
  return match ? String(Number(match[1])) : '';
}
