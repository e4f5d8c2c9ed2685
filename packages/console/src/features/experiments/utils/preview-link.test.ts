import { describe, expect, it } from 'vitest';
import { buildPreviewLink } from './preview-link';

describe('QA preview links', () => {
  it('adds the forced version to the page address', () => {
    expect(buildPreviewLink('https://shop.example/checkout', 'checkout-button', 'green')).toBe(
      'https://shop.example/checkout?tabula_force=checkout-button%3Agreen',
    );
  });

  it('keeps the other parameters and the fragment', () => {
    expect(buildPreviewLink('https://shop.example/p?ref=mail#reviews', 'checkout-button', 'control')).toBe(
      'https://shop.example/p?ref=mail&tabula_force=checkout-button%3Acontrol#reviews',
    );
  });

  it("replaces this experiment's earlier forcing and keeps other experiments'", () => {
    expect(
      buildPreviewLink('https://shop.example/?tabula_force=hero%3Ab,checkout-button%3Aa', 'checkout-button', 'c'),
    ).toBe('https://shop.example/?tabula_force=hero%3Ab%2Ccheckout-button%3Ac');
  });

  it('accepts a plain http address for a local test page', () => {
    expect(buildPreviewLink(' http://localhost:3000/ ', 'exp', 'b')).toBe(
      'http://localhost:3000/?tabula_force=exp%3Ab',
    );
  });

  it('has no link for something that is not a web address', () => {
    expect(buildPreviewLink('', 'exp', 'b')).toBeNull();
    expect(buildPreviewLink('shop.example/checkout', 'exp', 'b')).toBeNull();
    expect(buildPreviewLink('javascript:alert(1)', 'exp', 'b')).toBeNull();
  });
});
