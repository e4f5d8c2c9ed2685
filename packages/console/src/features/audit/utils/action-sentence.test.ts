import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { actionSentence } from './action-sentence';

const t = i18next.getFixedT('en', 'audit');

describe('action sentences', () => {
  it('say where a flag environment changed', () => {
    const entry = {
      action: 'flag.environment_updated',
      before: { key: 'new-checkout', environment: 'production', enabled: false, rules: [] },
      after: { key: 'new-checkout', environment: 'production', enabled: true, rules: [] },
    };
    expect(actionSentence(entry, t)).toBe('switch or rules changed in production');
    expect(actionSentence(entry, i18next.getFixedT('ja', 'audit'))).toBe('production のスイッチまたはルールを変更');
  });

  it('translate plain verbs, and show unknown ones as sent', () => {
    expect(actionSentence({ action: 'flag.created', before: null, after: { key: 'a' } }, t)).toBe('created');
    expect(actionSentence({ action: 'flag.exploded', before: null, after: null }, t)).toBe('exploded');
  });
});
