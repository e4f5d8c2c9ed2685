import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { readableSnapshots } from './readable-snapshots';

const t = i18next.getFixedT('en', 'flags');
const rollout = {
  id: 'rule8f3k2',
  conditions: [{ attribute: 'country', operator: 'in', values: ['NL', 'DE'] }],
  segments: ['beta'],
  serve: {
    kind: 'rollout',
    weights: [
      { variant: 'on', weight: 3000 },
      { variant: 'off', weight: 7000 },
    ],
  },
};

describe('readable snapshots', () => {
  it('reads a flag environment change as its switch and one sentence per rule, weights in percent', () => {
    const entry = {
      action: 'flag.environment_updated',
      before: { key: 'new-checkout', environment: 'production', enabled: false, rules: [] },
      after: { key: 'new-checkout', environment: 'production', enabled: true, rules: [rollout] },
    };
    expect(readableSnapshots(entry, t)).toEqual({
      before: { Switch: 'Off' },
      after: {
        Switch: 'On',
        'Rule 1': 'If country is one of NL, DE and in segment beta, serve on 30%, off 70%',
      },
    });
  });

  it('keeps other entries, and snapshots it cannot read, as recorded', () => {
    const created = { action: 'flag.created', before: null, after: { key: 'new-checkout' } };
    expect(readableSnapshots(created, t)).toEqual({ before: null, after: { key: 'new-checkout' } });
    const odd = { action: 'flag.environment_updated', before: { rules: 'gone' }, after: null };
    expect(readableSnapshots(odd, t)).toEqual({ before: { rules: 'gone' }, after: null });
  });
});
