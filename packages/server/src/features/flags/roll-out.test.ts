import { describe, expect, it } from 'vitest';
import type { AppError } from '../../http/app-error';
import { variantForDecision } from './roll-out';

const decided = { experiment: 'hero', version: 'large', params: { size: 'xl', big: true, layout: { columns: 3 } } };

describe('rolling out a decided version to a flag', () => {
  it('reuses the variant whose value equals the version’s', () => {
    const variants = [
      { key: 'small', value: 's' },
      { key: 'extra', value: 'xl' },
    ];
    expect(variantForDecision({ key: 'size', type: 'string' }, variants, decided, 'size')).toEqual({
      variants,
      variant: 'extra',
    });
    const layouts = [{ key: 'three', value: { columns: 3 } }];
    expect(variantForDecision({ key: 'layout', type: 'json' }, layouts, decided, 'layout').variant).toBe('three');
  });

  it('adds a variant named after the experiment and version, kept unique and short enough', () => {
    const variants = [{ key: 'small', value: 's' }];
    expect(variantForDecision({ key: 'size', type: 'string' }, variants, decided, 'size')).toEqual({
      variants: [...variants, { key: 'hero-large', value: 'xl' }],
      variant: 'hero-large',
    });
    const taken = [{ key: 'hero-large', value: 'other' }];
    expect(variantForDecision({ key: 'size', type: 'string' }, taken, decided, 'size').variant).toBe('hero-large-2');
    const long = { ...decided, experiment: 'e'.repeat(64) };
    const { variant } = variantForDecision({ key: 'size', type: 'string' }, [], long, 'size');
    expect(variant).toBe('e'.repeat(64));
    const longTaken = [{ key: 'e'.repeat(64), value: 'other' }];
    expect(variantForDecision({ key: 'size', type: 'string' }, longTaken, long, 'size').variant).toBe(
      `${'e'.repeat(62)}-2`,
    );
  });

  it('refuses a param the version does not set, or a value the flag cannot hold', () => {
    const refusal = (type: 'string' | 'boolean', param: string) => {
      try {
        variantForDecision({ key: 'size', type }, [], decided, param);
      } catch (error) {
        return error as AppError;
      }
      throw new Error('accepted');
    };
    expect(refusal('string', 'colour').message).toContain('which version "large" does not set');
    expect(refusal('string', 'colour').statusCode).toBe(409);
    expect(refusal('boolean', 'size').message).toBe(
      'Flag "size" is a boolean flag; version "large" sets its param "size" to "xl"',
    );
  });
});
