import { ErrorCode } from '@openfeature/core';
import { describe, expect, it } from 'vitest';
import type { TypedFlagDetails } from '../../src/client/client';
import { toAttributes, toResolution } from '../../src/openfeature/resolution';

describe('toResolution', () => {
  it("puts the flag's own metadata in flagMetadata, beside the rule that decided", () => {
    const details = {
      key: 'checkout',
      value: true,
      variant: 'on',
      reason: 'TARGETING_MATCH',
      ruleId: 'beta-users',
      metadata: { owner: 'growth', ticket: 42, experimental: true },
    } satisfies TypedFlagDetails<boolean> & { metadata: Record<string, unknown> };
    expect(toResolution(details)).toEqual({
      value: true,
      variant: 'on',
      reason: 'TARGETING_MATCH',
      flagMetadata: { owner: 'growth', ticket: 42, experimental: true, ruleId: 'beta-users' },
    });
  });

  it('keeps the rule id over a metadata entry of the same name, and leaves out what is absent', () => {
    const ruled = {
      key: 'f',
      value: 1,
      variant: 'one',
      reason: 'SPLIT',
      ruleId: 'r-2',
      metadata: { ruleId: 'mine' },
    } as TypedFlagDetails<number>;
    expect(toResolution(ruled).flagMetadata).toEqual({ ruleId: 'r-2' });
    const bare = { key: 'f', value: 1, variant: 'one', reason: 'STATIC' } satisfies TypedFlagDetails<number>;
    expect(toResolution(bare).flagMetadata).toEqual({});
    expect(toResolution({ ...bare, metadata: { owner: 'web' } } as TypedFlagDetails<number>).flagMetadata).toEqual({
      owner: 'web',
    });
  });

  it('maps an error code to OpenFeature with a message, and has no variant where the result has none', () => {
    const failed = { key: 'f', value: 3, variant: null, reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' } as const;
    expect(toResolution(failed)).toEqual({
      value: 3,
      reason: 'ERROR',
      errorCode: ErrorCode.FLAG_NOT_FOUND,
      errorMessage: 'No flag with this key in the environment of the client key',
      flagMetadata: {},
    });
  });
});

describe('toAttributes', () => {
  it('turns the targeting key into the unit id', () => {
    expect(toAttributes({ targetingKey: 'u-1', plan: 'pro' })).toEqual({ id: 'u-1', plan: 'pro' });
    expect(toAttributes({ plan: 'pro' })).toEqual({ plan: 'pro' });
  });
});
