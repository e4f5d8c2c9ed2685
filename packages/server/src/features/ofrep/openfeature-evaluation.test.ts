import { OFREPProvider } from '@openfeature/ofrep-provider';
import { type Client, ErrorCode, type EvaluationDetails, type FlagValue, OpenFeature } from '@openfeature/server-sdk';
import { type ClientOptions, createClient, createMemoryStorage, type TabulaClient } from '@tabula/sdk';
import { TabulaServerProvider } from '@tabula/sdk/openfeature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';

type Kind = 'boolean' | 'string' | 'number' | 'object';

interface Scenario {
  name: string;
  flag: string;
  kind: Kind;
  defaultValue: FlagValue;
  context?: Record<string, string>;
  expected: Partial<EvaluationDetails<FlagValue>>;
  /** The OFREP provider on npm predates OFREP's code defaults (a success without a value). */
  ofrep?: false;
}

// OpenFeature's evaluation scenarios (typed values, reasons, variants, targeting, code defaults, flag metadata and
// error codes), each flag created through the REST API, each scenario read through Tabula's own server provider
// and through the official OFREP provider, which must agree.
const SCENARIOS: Scenario[] = [
  {
    name: 'a boolean without rules is STATIC',
    flag: 'bool-static',
    kind: 'boolean',
    defaultValue: false,
    expected: { value: true, variant: 'on', reason: 'STATIC' },
  },
  {
    name: 'a string rule on an attribute is a TARGETING_MATCH',
    flag: 'colour',
    kind: 'string',
    defaultValue: 'grey',
    context: { email: 'ada@example.com' },
    expected: { value: 'blue', variant: 'blue', reason: 'TARGETING_MATCH', flagMetadata: { ruleId: 'ada' } },
  },
  {
    name: 'no rule matching serves the default variant, for reason DEFAULT',
    flag: 'colour',
    kind: 'string',
    defaultValue: 'grey',
    context: { email: 'bob@example.com' },
    expected: { value: 'red', variant: 'red', reason: 'DEFAULT' },
  },
  {
    name: 'an integer',
    flag: 'page-size',
    kind: 'number',
    defaultValue: 0,
    expected: { value: 10, variant: 'ten', reason: 'STATIC' },
  },
  {
    name: 'a float',
    flag: 'ratio',
    kind: 'number',
    defaultValue: 0,
    expected: { value: 0.25, variant: 'quarter', reason: 'STATIC' },
  },
  {
    name: 'an object',
    flag: 'layout',
    kind: 'object',
    defaultValue: {},
    expected: { value: { columns: 3, dense: true }, variant: 'grid', reason: 'STATIC' },
  },
  {
    name: 'a flag switched off serves its off variant, for reason DISABLED',
    flag: 'bool-off',
    kind: 'boolean',
    defaultValue: true,
    expected: { value: false, variant: 'off', reason: 'DISABLED' },
  },
  {
    name: "no default variant serves the caller's default, for reason DEFAULT, without an error",
    flag: 'code-default',
    kind: 'string',
    defaultValue: 'from code',
    expected: { value: 'from code', reason: 'DEFAULT' },
    ofrep: false,
  },
  {
    name: "no off variant serves the caller's default while off, for reason DISABLED",
    flag: 'code-default-off',
    kind: 'number',
    defaultValue: 7,
    expected: { value: 7, reason: 'DISABLED' },
    ofrep: false,
  },
  {
    name: "the flag's metadata comes with the value",
    flag: 'with-metadata',
    kind: 'boolean',
    defaultValue: false,
    expected: { value: true, flagMetadata: { owner: 'web', version: 3, reviewed: true } },
  },
  {
    name: "a key the environment does not hold: the caller's default, FLAG_NOT_FOUND",
    flag: 'no-such-flag',
    kind: 'string',
    defaultValue: 'fallback',
    expected: { value: 'fallback', reason: 'ERROR', errorCode: ErrorCode.FLAG_NOT_FOUND },
  },
  {
    name: "a default of another type: the caller's default, TYPE_MISMATCH",
    flag: 'bool-static',
    kind: 'string',
    defaultValue: 'text',
    expected: { value: 'text', reason: 'ERROR', errorCode: ErrorCode.TYPE_MISMATCH },
  },
];

function read(client: Client, { flag, kind, defaultValue, context = {} }: Scenario) {
  const evaluation = { targetingKey: 'unit-1', ...context };
  switch (kind) {
    case 'boolean':
      return client.getBooleanDetails(flag, defaultValue as boolean, evaluation);
    case 'string':
      return client.getStringDetails(flag, defaultValue as string, evaluation);
    case 'number':
      return client.getNumberDetails(flag, defaultValue as number, evaluation);
    case 'object':
      return client.getObjectDetails(flag, defaultValue as object as never, evaluation);
    default: {
      const unknown: never = kind;
      throw new Error(`unknown kind ${unknown as string}`);
    }
  }
}

describe('OpenFeature evaluation scenarios against a running Tabula', () => {
  const t = useTestApp();
  let tabula: TabulaClient;

  beforeAll(async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const api = await projectApi(t);
    const flag = async (body: Record<string, unknown> & { key: string }, environment?: Record<string, unknown>) => {
      await api.expectStatus(201, 'POST', '/flags', { name: body.key, ...body });
      if (environment) await api.expectStatus(200, 'PUT', `/flags/${body.key}/environments/production`, environment);
    };
    const { key: clientKey } = await createKey(t.app, api.owner, api.project.id, 'client');
    const on = { enabled: true };
    await flag({ key: 'bool-static', type: 'boolean' }, on);
    await flag(
      {
        key: 'colour',
        type: 'string',
        variants: [
          { key: 'red', value: 'red' },
          { key: 'blue', value: 'blue' },
        ],
      },
      {
        enabled: true,
        rules: [
          {
            id: 'ada',
            conditions: [{ attribute: 'email', operator: 'eq', values: ['ada@example.com'] }],
            serve: { kind: 'variant', variant: 'blue' },
          },
        ],
      },
    );
    await flag({ key: 'page-size', type: 'number', variants: [{ key: 'ten', value: 10 }] }, on);
    await flag({ key: 'ratio', type: 'number', variants: [{ key: 'quarter', value: 0.25 }] }, on);
    await flag({ key: 'layout', type: 'json', variants: [{ key: 'grid', value: { columns: 3, dense: true } }] }, on);
    await flag({ key: 'bool-off', type: 'boolean' });
    await flag({ key: 'code-default', type: 'string', variants: [{ key: 'x', value: 'x' }], defaultVariant: null }, on);
    await flag({ key: 'code-default-off', type: 'number', variants: [{ key: 'one', value: 1 }], offVariant: null });
    await flag({ key: 'with-metadata', type: 'boolean', metadata: { owner: 'web', version: 3, reviewed: true } }, on);

    tabula = createClient({
      clientKey: clientKey,
      apiHost: base,
      projectId: api.project.id,
      storage: createMemoryStorage(),
      streaming: false,
    } as ClientOptions);
    await OpenFeature.setProviderAndWait('tabula', new TabulaServerProvider(tabula));
    await OpenFeature.setProviderAndWait(
      'ofrep',
      new OFREPProvider({ baseUrl: base, headers: { Authorization: `Bearer ${clientKey}` } }),
    );
  });
  afterAll(async () => {
    await OpenFeature.close();
    tabula?.destroy();
  });

  it.each(SCENARIOS)('$name', async (scenario) => {
    const own = await read(OpenFeature.getClient('tabula'), scenario);
    expect(own).toMatchObject(scenario.expected);
    if (!scenario.expected.errorCode) expect(own.errorCode).toBeUndefined();
    if (scenario.ofrep === false) return;
    const remote = await read(OpenFeature.getClient('ofrep'), scenario);
    expect(remote).toMatchObject(scenario.expected);
    // Both readings agree on everything but the provider's own wording of an error.
    const { errorMessage: _own, ...ownRest } = own;
    const { errorMessage: _remote, ...remoteRest } = remote;
    expect(remoteRest).toEqual(ownRest);
  });
});
