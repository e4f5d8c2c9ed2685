import type { FlagMetadata } from '@tabula/protocol';

/**
 * "None" in the default and off variant selects. Select shows null as empty, and no variant key is empty, so the
 * empty string stands for null in the form and nowhere else.
 */
export const NO_VARIANT = '';

export const toVariantChoice = (variant: string | null): string => variant ?? NO_VARIANT;
export const fromVariantChoice = (choice: string): string | null => (choice === NO_VARIANT ? null : choice);

export const METADATA_TYPES = ['string', 'number', 'boolean'] as const;
export type MetadataType = (typeof METADATA_TYPES)[number];

/** One metadata entry as the form edits it: the value as typed, read by its type when saved. */
export interface MetadataField {
  key: string;
  type: MetadataType;
  value: string;
}

export function toMetadataFields(metadata: FlagMetadata): MetadataField[] {
  return Object.entries(metadata).map(([key, value]) => ({
    key,
    type: typeof value as MetadataType,
    value: String(value),
  }));
}

/** Entries without a key are rows the user added and left empty. */
export function toMetadata(fields: MetadataField[] | undefined): FlagMetadata {
  const metadata: FlagMetadata = {};
  for (const field of fields ?? []) {
    const key = field?.key?.trim();
    if (!key) continue;
    const text = field.value?.trim() ?? '';
    metadata[key] = field.type === 'number' ? Number(text) : field.type === 'boolean' ? text === 'true' : text;
  }
  return metadata;
}

/** Whether the text is a value of the type: the form checks this before saving. */
export const fitsMetadataType = (type: MetadataType, text: string): boolean =>
  type === 'number'
    ? text.trim() !== '' && Number.isFinite(Number(text))
    : type === 'boolean'
      ? text === 'true' || text === 'false'
      : true;
