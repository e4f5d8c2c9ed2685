import type { FlagType, JsonValue, Variant } from '@tabula/protocol';

/**
 * A variant as the form edits it: strings and numbers as themselves, JSON as its text (checked when saved), a
 * boolean as its fixed value.
 */
export interface VariantField {
  key: string;
  value: string | number | boolean | null;
}

/** Boolean flags serve true when on and false when off; their variants are not edited. */
export const BOOLEAN_VARIANTS: Variant[] = [
  { key: 'on', value: true },
  { key: 'off', value: false },
];

/** What a new flag of each type starts with. */
export function defaultVariantFields(type: FlagType): VariantField[] {
  switch (type) {
    case 'boolean':
      return BOOLEAN_VARIANTS.map(({ key, value }) => ({ key, value: value as boolean }));
    case 'string':
      return [
        { key: 'control', value: '' },
        { key: 'treatment', value: '' },
      ];
    case 'number':
      return [
        { key: 'control', value: 0 },
        { key: 'treatment', value: 1 },
      ];
    case 'json':
      return [
        { key: 'control', value: '{}' },
        { key: 'treatment', value: '{}' },
      ];
  }
}

export const toVariantFields = (type: FlagType, variants: Variant[]): VariantField[] =>
  variants.map(({ key, value }) => ({
    key,
    value: type === 'json' ? JSON.stringify(value, null, 2) : (value as string | number | boolean),
  }));

export function parseJson(text: string): { ok: true; value: JsonValue } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    return { ok: false };
  }
}

/** Whether a field holds a value of the flag's type; JSON must parse. */
export function isVariantValue(type: FlagType, value: VariantField['value']): boolean {
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'json':
      return typeof value === 'string' && parseJson(value).ok;
  }
}

/** The variants the API takes; call after `isVariantValue` held for each field. */
export const toVariants = (type: FlagType, fields: VariantField[]): Variant[] =>
  fields.map(({ key, value }) => {
    const parsed = type === 'json' ? parseJson(String(value)) : { ok: true as const, value: value as JsonValue };
    if (!parsed.ok) throw new Error(`Variant ${key} holds no JSON`);
    return { key: key.trim(), value: parsed.value };
  });

/** A value as a short line of text: strings quoted, so "" and "false" read differently from nothing and false. */
export const formatVariantValue = (value: JsonValue): string => JSON.stringify(value);
