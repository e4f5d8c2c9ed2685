import { isInteger, parseFloatOrZero } from '@tabula/protocol';

export type NumberKind = 'integer' | 'float';

/** What a number field holds: a number, nothing (the property goes back to the page's own), or not a number. */
export type NumberInput = { valid: true; value: number | null } | { valid: false };

/** A decimal number, with the pixel unit a size field shows anyway allowed after it. */
const FLOAT_PIXELS = /^-?(\d+(\.\d*)?|\.\d+)(px)?$/i;

/**
 * Spec §5: an integer field takes an optional minus sign followed by digits and refuses anything else. A float field
 * takes a decimal number (`18px` reads as 18) and refuses what is none, rather than writing 0 the person did not
 * type. An empty field is no value.
 */
export function readNumber(kind: NumberKind, text: string): NumberInput {
  const trimmed = text.trim();
  if (trimmed === '') return { valid: true, value: null };
  if (kind === 'float') {
    return FLOAT_PIXELS.test(trimmed) ? { valid: true, value: parseFloatOrZero(trimmed) } : { valid: false };
  }
  return isInteger(trimmed) ? { valid: true, value: Number(trimmed) } : { valid: false };
}

/** A line height as CSS takes it: a factor of the font size (unitless), or a length in px, em, rem or %. */
const LENGTH = /^(\d+(?:\.\d*)?|\.\d+)\s*(px|em|rem|%)?$/i;

/** A length field's text as the style value it sets: `1.5`, `24px`, `1.2em`, `150%`; null for empty, undefined for no length. */
export function readLength(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = LENGTH.exec(trimmed);
  if (!match) return undefined;
  return `${Number(match[1])}${(match[2] ?? '').toLowerCase()}`;
}

/** A computed length as the field shows it: `12.5px` → `12.5`; `auto`, `normal` and other keywords → empty. */
export function pixelsOf(computed: string): string {
  const match = /^(-?\d+(?:\.\d+)?)px$/.exec(computed.trim());
  return match ? String(Number(match[1])) : '';
}
