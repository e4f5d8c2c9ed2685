import type { Flag, FlagEnvironmentState } from '@tabula/protocol';
import { ids } from '../../../testing/fixtures';

const NOW = '2025-01-15T10:00:00.000Z';

export const flagsApiPath = `/api/v1/projects/${ids.project}/flags`;

export const environmentState = (change: Partial<FlagEnvironmentState> = {}): FlagEnvironmentState => ({
  enabled: false,
  rules: [],
  prerequisites: [],
  updatedAt: null,
  lastEvaluatedAt: null,
  ...change,
});

/** A boolean flag, off in development and on with one rule in production. */
export function checkoutFlag(change: Partial<Flag> = {}): Flag {
  return {
    id: 'fgCheckout234567',
    key: 'new-checkout',
    name: 'New checkout',
    description: 'The one-page checkout',
    type: 'boolean',
    variants: [
      { key: 'on', value: true },
      { key: 'off', value: false },
    ],
    defaultVariant: 'off',
    offVariant: 'off',
    tags: ['payments'],
    metadata: {},
    archivedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    environments: {
      development: environmentState(),
      production: environmentState({
        enabled: true,
        updatedAt: NOW,
        lastEvaluatedAt: NOW,
        rules: [
          {
            id: 'ruleStaff',
            conditions: [{ attribute: 'email', operator: 'ends_with', values: ['@acme.test'] }],
            segments: [],
            serve: { kind: 'variant', variant: 'on' },
          },
        ],
      }),
    },
    ...change,
  };
}
