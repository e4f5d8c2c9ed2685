import { describe, expect, it } from 'vitest';
import { explain, Problem } from '../../src/core';
import { explain as explainByNumber } from '../../src/core/explain-by-number';

describe('problem messages', () => {
  it('puts the details into the sentence in order', () => {
    expect(explain(Problem.MissingVariant, 'checkout', 'blue')).toBe(
      'Flag checkout lacks the variant "blue" it serves',
    );
    expect(explain(Problem.ShortWeights, 'Experiment hero', 9000, 10000)).toBe(
      'Experiment hero: weights sum to 9000, not 10000',
    );
  });

  it('is the number and the details where the sentences are left out, as in the snippet bundle', () => {
    expect(explainByNumber(Problem.UnknownSegment, 'vip')).toBe('E4 vip');
    expect(explainByNumber(Problem.PayloadFormat)).toBe('E2');
  });
});
