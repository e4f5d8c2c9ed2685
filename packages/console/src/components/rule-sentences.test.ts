import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { conditionSentence, readableEnvironment, ruleSentence } from './rule-sentences';

const en = i18next.getFixedT('en', 'flags');

describe('rule sentences', () => {
  it('reads conditions, negated ones too', () => {
    expect(conditionSentence({ attribute: 'plan', operator: 'eq', values: ['free'], negate: true }, en)).toBe(
      'NOT plan equals free',
    );
  });

  it('reads a rule for everyone, and one serving an experiment parameter', () => {
    expect(ruleSentence({ conditions: [], segments: [], serve: { kind: 'variant', variant: 'on' } }, en)).toBe(
      'Serve on to everyone',
    );
    expect(
      ruleSentence(
        { conditions: [], segments: [], serve: { kind: 'experiment', experiment: 'checkout', param: 'color' } },
        en,
      ),
    ).toBe("Serve the version's value in experiment checkout (color) to everyone");
  });

  it('names each rule by its place, in the language asked for', () => {
    const ja = i18next.getFixedT('ja', 'flags');
    const rules = [{ conditions: [], segments: ['beta'], serve: { kind: 'variant' as const, variant: 'on' } }];
    expect(Object.keys(readableEnvironment({ enabled: true, rules }, ja))).toEqual(['スイッチ', 'ルール 1']);
  });
});
