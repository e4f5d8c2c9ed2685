import type { ExperimentTemplate, Layer } from '@tabula/protocol';
import { ids } from '../../../testing/fixtures';

/** Test data: a template of the test project naming a layer, two segments and three metrics. */
export const noneMissing = { layer: null, segments: [], metrics: [] };

/** The layer the template names, empty. */
export const checkoutLayer: Layer = {
  id: 'LayCheckout23456',
  key: 'checkout',
  name: 'Checkout',
  description: '',
  slots: [],
  free: [{ start: 0, end: 10_000 }],
  experiments: [],
  createdAt: '2025-01-09T10:00:00.000Z',
  updatedAt: '2025-01-09T10:00:00.000Z',
};

export function templateFixture(overrides: Partial<ExperimentTemplate> = {}): ExperimentTemplate {
  return {
    id: 'TmpCheckout23456',
    key: 'checkout-test',
    name: 'Checkout test',
    description: 'Two weeks on half the shop',
    settings: {
      kind: 'ab',
      unitAttribute: 'deviceId',
      traffic: 5000,
      conditions: [{ attribute: 'plan', operator: 'in', values: ['pro'] }],
      segments: ['dutch', 'mobile'],
      layer: 'checkout',
      layerSlots: 2500,
      versions: [
        { key: 'control', name: 'Control', weight: 4000, isControl: true },
        { key: 'one-page', name: 'One page', weight: 6000, isControl: false },
      ],
      metrics: { primary: ['purchase'], secondary: ['revenue'], guardrails: ['bounce'] },
      autoStop: true,
      plannedDays: 21,
      decisionRule: { ship: 'all_primaries_win', guardrails: 'none_regress' },
    },
    missing: noneMissing,
    createdBy: null,
    createdAt: '2025-01-09T10:00:00.000Z',
    updatedAt: '2025-01-09T10:00:00.000Z',
    ...overrides,
  };
}

export const templatesPathOf = (projectId = ids.project) => `/api/v1/projects/${projectId}/experiment-templates`;
