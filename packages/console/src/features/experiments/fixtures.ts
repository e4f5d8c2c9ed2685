import type { Experiment } from '@tabula/protocol';
import { ids, meAs } from '../../testing/fixtures';

/** Test data: a running A/B experiment of the test project, with a control and one treatment. */
export const experimentIds = { checkout: 'expCheckout23456' };

const owner = meAs('editor').user;

export function experimentFixture(overrides: Partial<Experiment> = {}): Experiment {
  return {
    id: experimentIds.checkout,
    key: 'checkout-button',
    name: 'Checkout button',
    hypothesis: 'A green button sells more',
    kind: 'ab',
    status: 'running',
    unitAttribute: 'id',
    traffic: 10_000,
    phase: 1,
    conditions: [{ attribute: 'country', operator: 'in', values: ['DE', 'FR'] }],
    segments: [],
    layer: null,
    layerSlots: 10_000,
    page: null,
    versions: [
      { key: 'control', name: 'Control', weight: 5000, isControl: true, params: { color: 'blue' } },
      { key: 'green', name: 'Green', weight: 5000, isControl: false, params: { color: 'green' } },
    ],
    metrics: { primary: [], secondary: [], guardrails: [] },
    decision: null,
    autoStop: false,
    plannedDays: null,
    decisionRule: null,
    bandit: null,
    openAlerts: 0,
    owner: { id: owner.id, email: owner.email, name: owner.name },
    integrationConfigured: false,
    exposures: 1234,
    startedAt: '2025-01-10T10:00:00.000Z',
    stoppedAt: null,
    createdAt: '2025-01-09T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export const experimentsPathOf = (projectId = ids.project) => `/api/v1/projects/${projectId}/experiments`;
