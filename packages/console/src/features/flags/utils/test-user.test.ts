import type { Experiment, Flag } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { previewFlag, previewPayload, toAttributes, toPayloadExperiment } from './test-user';

const NOW = '2025-01-15T10:00:00.000Z';
const flag: Flag = {
  id: 'fgCheckout234567',
  key: 'new-checkout',
  name: 'New checkout',
  description: '',
  type: 'string',
  variants: [
    { key: 'classic', value: 'classic' },
    { key: 'express', value: 'express' },
  ],
  defaultVariant: 'classic',
  offVariant: 'classic',
  tags: [],
  metadata: {},
  archivedAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  environments: {
    development: { enabled: false, rules: [], prerequisites: [], updatedAt: null, lastEvaluatedAt: null },
    production: {
      enabled: true,
      prerequisites: [],
      rules: [
        { id: 'ruleStaff', conditions: [], segments: ['staff'], serve: { kind: 'variant', variant: 'express' } },
        {
          id: 'ruleDe',
          conditions: [{ attribute: 'country', operator: 'in', values: ['de'] }],
          segments: [],
          serve: {
            kind: 'rollout',
            weights: [
              { variant: 'express', weight: 10000 },
              { variant: 'classic', weight: 0 },
            ],
          },
        },
      ],
      updatedAt: NOW,
      lastEvaluatedAt: NOW,
    },
  },
};
const segments = [
  { key: 'staff', conditions: [{ attribute: 'email', operator: 'ends_with', values: ['@acme.test'] }] },
];
const sources = (environment: string) => ({ flag, environment, segments, experiments: [] });

describe('testing a user', () => {
  it('builds the payload the SDK would get for the environment', () => {
    const payload = previewPayload(sources('production'));
    expect(payload.format).toBe(1);
    expect(payload.environment).toBe('production');
    expect(payload.segments).toEqual(segments);
    expect(payload.flags).toEqual([
      {
        key: 'new-checkout',
        type: 'string',
        variants: flag.variants,
        defaultVariant: 'classic',
        offVariant: 'classic',
        enabled: true,
        rules: flag.environments.production?.rules,
        prerequisites: [],
      },
    ]);
  });

  it('evaluates prerequisites against the other flags given, as the SDK does', () => {
    const required = {
      ...flag,
      key: 'payments',
      environments: { production: { ...flag.environments.production!, enabled: false } },
    };
    const requiring = {
      ...flag,
      environments: {
        ...flag.environments,
        production: { ...flag.environments.production!, prerequisites: [{ flag: 'payments', variants: ['express'] }] },
      },
    };
    const result = previewFlag({ ...sources('production'), flag: requiring, others: [required] }, { id: 'u1' });
    expect(result).toMatchObject({ variant: 'classic', reason: 'PREREQUISITE_FAILED' });
  });

  it('matches a rule by segment, and names the rule', () => {
    const result = previewFlag(sources('production'), toAttributes([{ name: 'email', value: 'ada@acme.test' }], 'u1'));
    expect(result).toMatchObject({
      value: 'express',
      variant: 'express',
      reason: 'TARGETING_MATCH',
      ruleId: 'ruleStaff',
    });
    expect(result.problems).toEqual([]);
  });

  it('splits by the unit id in a rollout, and falls back to the default', () => {
    const german = previewFlag(sources('production'), toAttributes([{ name: 'country', value: 'de' }], 'u1'));
    expect(german).toMatchObject({ variant: 'express', reason: 'SPLIT', ruleId: 'ruleDe' });
    const french = previewFlag(sources('production'), toAttributes([{ name: 'country', value: 'fr' }], 'u1'));
    expect(french).toMatchObject({ variant: 'classic', reason: 'DEFAULT' });
    expect(french.ruleId).toBeUndefined();
  });

  it('serves the off variant where the flag is off', () => {
    expect(previewFlag(sources('development'), {})).toMatchObject({ variant: 'classic', reason: 'DISABLED' });
  });

  it('reports what the SDK would report, such as a segment it does not know', () => {
    const result = previewFlag({ ...sources('production'), segments: [] }, { id: 'u1' });
    expect(result.reason).toBe('DEFAULT');
    expect(result.problems.join()).toContain('Unknown segment "staff"');
  });

  it('reads attribute rows, lists included, and puts the unit id in id', () => {
    expect(
      toAttributes(
        [
          { name: ' plan ', value: 'pro' },
          { name: 'roles', value: '["admin", "beta"]' },
          { name: 'note', value: '[not json' },
          { name: '', value: 'ignored' },
        ],
        ' visitor-7 ',
      ),
    ).toEqual({ plan: 'pro', roles: ['admin', 'beta'], note: '[not json', id: 'visitor-7' });
  });

  it('takes running experiments into the payload, with the slots they hold', () => {
    const experiment: Experiment = {
      id: 'expCheckout23456',
      key: 'checkout-test',
      name: 'Checkout test',
      hypothesis: '',
      kind: 'ab',
      status: 'running',
      unitAttribute: 'id',
      traffic: 10000,
      phase: 0,
      conditions: [],
      segments: [],
      layer: { key: 'checkout', start: 0, end: 5000 },
      layerSlots: 5000,
      page: null,
      versions: [{ key: 'control', name: 'Control', weight: 10000, isControl: true, params: {} }],
      metrics: { primary: [], secondary: [], guardrails: [] },
      decision: null,
      autoStop: false,
      plannedDays: null,
      decisionRule: null,
      bandit: null,
      openAlerts: 0,
      owner: null,
      integrationConfigured: false,
      exposures: 0,
      startedAt: NOW,
      stoppedAt: null,
      createdAt: NOW,
      updatedAt: NOW,
    };
    expect(toPayloadExperiment(experiment)?.layer).toEqual({ key: 'checkout', start: 0, end: 5000 });
    expect(toPayloadExperiment({ ...experiment, status: 'draft' })).toBeNull();
    expect(toPayloadExperiment({ ...experiment, layer: { key: 'checkout', start: null, end: null } })).toBeNull();
  });
});
