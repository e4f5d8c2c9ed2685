import { describe, expect, it } from 'vitest';
import { keyFromName, uniqueKey } from './keys';

describe('keys from names', () => {
  it('lowercases, joins words with "-" and drops accents and punctuation', () => {
    expect(keyFromName('Checkout Button: Green!')).toBe('checkout-button-green');
    expect(keyFromName('  Café crème 2 ')).toBe('cafe-creme-2');
    expect(keyFromName('snake_case stays apart')).toBe('snake-case-stays-apart');
  });

  it('suggests nothing for a name without Latin letters', () => {
    expect(keyFromName('结账按钮')).toBe('');
    expect(keyFromName('实验组 2')).toBe('');
  });

  it('stays within the 64 characters a key may have, without a trailing "-"', () => {
    const key = keyFromName(`${'a'.repeat(63)} b`);
    expect(key).toBe('a'.repeat(63));
  });

  it('adds a number when the key is taken', () => {
    expect(uniqueKey('treatment', [])).toBe('treatment');
    expect(uniqueKey('treatment', ['treatment', 'treatment-2'])).toBe('treatment-3');
  });
});
