import { describe, expect, it } from 'vitest';
import { newDraft } from '../../utils/experiment-draft';
import { noneMissing, templateFixture } from '../fixtures';
import { applyTemplate, hasMissing } from './apply-template';

const blank = () => ({
  ...newDraft({ control: 'Control', treatment: 'Treatment' }),
  name: 'Checkout again',
  key: 'checkout-again',
  hypothesis: 'Still true',
});

describe('applyTemplate', () => {
  it('takes every setting and keeps what names this experiment', () => {
    const draft = applyTemplate(blank(), templateFixture());
    expect(draft).toMatchObject({
      name: 'Checkout again',
      key: 'checkout-again',
      hypothesis: 'Still true',
      kind: 'ab',
      unitAttribute: 'deviceId',
      traffic: 5000,
      conditions: [{ attribute: 'plan', operator: 'in', values: ['pro'] }],
      segments: ['dutch', 'mobile'],
      layer: 'checkout',
      layerSlots: 2500,
      metrics: { primary: ['purchase'], secondary: ['revenue'], guardrails: ['bounce'] },
      autoStop: true,
      plannedDays: 21,
      decisionRule: { ship: 'all_primaries_win', guardrails: 'none_regress' },
    });
    expect(
      draft.versions.map(({ key, name, weight, isControl, params }) => [key, name, weight, isControl, params]),
    ).toEqual([
      ['control', 'Control', 4000, true, ''],
      ['one-page', 'One page', 6000, false, ''],
    ]);
  });

  it('leaves out the layer, segments and metrics the project no longer has', () => {
    const missing = { layer: 'checkout', segments: ['mobile'], metrics: ['revenue', 'bounce'] };
    const draft = applyTemplate(blank(), templateFixture({ missing }));
    expect(draft).toMatchObject({
      layer: null,
      segments: ['dutch'],
      metrics: { primary: ['purchase'], secondary: [], guardrails: [] },
    });
    expect(hasMissing(missing)).toBe(true);
    expect(hasMissing(noneMissing)).toBe(false);
  });
});
