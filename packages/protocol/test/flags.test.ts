import { describe, expect, it } from 'vitest';
import { CONDITION_OPERATORS, createFlagBodySchema, flagEnvironmentBodySchema, flagListQuerySchema } from '../src';

describe('flag request schemas', () => {
  it('accepts every operator in a rule and fills in what a rule may leave out', () => {
    const conditions = CONDITION_OPERATORS.map((operator) => ({ attribute: 'a', operator, values: ['1'] }));
    const body = flagEnvironmentBodySchema.parse({
      rules: [{ conditions, serve: { kind: 'variant', variant: 'on' } }],
    });
    expect(body.rules?.[0]).toMatchObject({ segments: [], serve: { kind: 'variant', variant: 'on' } });
    expect(body.rules?.[0]?.conditions).toHaveLength(CONDITION_OPERATORS.length);
  });

  it('refuses unknown operators and empty settings', () => {
    const unknown = flagEnvironmentBodySchema.safeParse({
      rules: [
        { conditions: [{ attribute: 'a', operator: 'like', values: [] }], serve: { kind: 'variant', variant: 'x' } },
      ],
    });
    expect(unknown.error?.issues[0]?.path).toEqual(['rules', 0, 'conditions', 0, 'operator']);
    expect(flagEnvironmentBodySchema.safeParse({}).success).toBe(false);
  });

  it('checks keys and reads list queries', () => {
    expect(
      createFlagBodySchema.safeParse({ key: 'Bad Key', name: 'n', type: 'boolean' }).error?.issues[0]?.path,
    ).toEqual(['key']);
    expect(flagListQuerySchema.parse({ enabled: 'false', limit: '20' })).toMatchObject({
      enabled: false,
      limit: 20,
      status: 'active',
      sort: 'key',
      order: 'asc',
      offset: 0,
    });
    expect(flagListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
