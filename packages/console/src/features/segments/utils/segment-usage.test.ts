import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { groupUsage, segmentUsageOf } from './segment-usage';

describe('segment usage', () => {
  it('reads who uses a segment from the conflict the server answers', () => {
    const error = new ApiError(409, 'conflict', 'Segment "beta" is in use: remove it from these first', [
      { kind: 'flag', key: 'new-checkout', environment: 'production', rule: 'ruleA' },
      { kind: 'experiment', key: 'pricing-test' },
      { something: 'else' },
    ]);
    expect(segmentUsageOf(error)).toEqual([
      { kind: 'flag', key: 'new-checkout', environment: 'production', rule: 'ruleA' },
      { kind: 'experiment', key: 'pricing-test' },
    ]);
  });

  it('is nothing for other failures', () => {
    expect(segmentUsageOf(new ApiError(409, 'conflict', 'Taken'))).toBeNull();
    expect(segmentUsageOf(new ApiError(500, 'internal', 'Boom', [{ kind: 'flag', key: 'x' }]))).toBeNull();
    expect(segmentUsageOf(new Error('offline'))).toBeNull();
  });

  it('counts the rules of one flag in one environment as one place', () => {
    expect(
      groupUsage([
        { kind: 'flag', key: 'checkout', environment: 'production', rule: 'a' },
        { kind: 'flag', key: 'checkout', environment: 'production', rule: 'b' },
        { kind: 'flag', key: 'checkout', environment: 'development', rule: 'c' },
        { kind: 'experiment', key: 'pricing' },
      ]),
    ).toEqual([
      { kind: 'flag', key: 'checkout', environment: 'production', rules: 2 },
      { kind: 'flag', key: 'checkout', environment: 'development', rules: 1 },
      { kind: 'experiment', key: 'pricing', rules: 1 },
    ]);
  });
});
