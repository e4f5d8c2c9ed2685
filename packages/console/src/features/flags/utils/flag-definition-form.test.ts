import { describe, expect, it } from 'vitest';
import {
  fitsMetadataType,
  fromVariantChoice,
  NO_VARIANT,
  toMetadata,
  toMetadataFields,
  toVariantChoice,
} from './flag-definition-form';

describe('the flag definition form', () => {
  it('shows no variant as the "none" choice and saves it as null', () => {
    expect(toVariantChoice(null)).toBe(NO_VARIANT);
    expect(fromVariantChoice(toVariantChoice(null))).toBeNull();
    expect(fromVariantChoice(toVariantChoice('on'))).toBe('on');
  });

  it('edits metadata as typed rows and saves each value as its type', () => {
    const metadata = { owner: 'checkout', version: 2.5, reviewed: false };
    expect(toMetadata(toMetadataFields(metadata))).toEqual(metadata);
    expect(
      toMetadata([
        { key: ' ticket ', type: 'string', value: 'SHOP-1' },
        { key: '', type: 'string', value: 'left empty' },
        { key: 'count', type: 'number', value: ' 3 ' },
        { key: 'live', type: 'boolean', value: 'true' },
      ]),
    ).toEqual({ ticket: 'SHOP-1', count: 3, live: true });
    expect(toMetadata(undefined)).toEqual({});
  });

  it('checks a value against its type', () => {
    expect(fitsMetadataType('number', '1e3')).toBe(true);
    expect(fitsMetadataType('number', 'many')).toBe(false);
    expect(fitsMetadataType('number', ' ')).toBe(false);
    expect(fitsMetadataType('boolean', 'yes')).toBe(false);
    expect(fitsMetadataType('string', '')).toBe(true);
  });
});
