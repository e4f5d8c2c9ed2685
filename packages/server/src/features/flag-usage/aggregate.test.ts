import { describe, expect, it } from 'vitest';
import { hourOf, mergeUsage, seriesOf, servedUsage, usageOf } from './aggregate';

const scope = { projectId: 'p1', environmentId: 'e1' };

describe('usage aggregation', () => {
  it('reads counts per variant, old key lists as one evaluation without a variant, and the SDK', () => {
    const usage = usageOf(scope, {
      flags: ['old', 'checkout'],
      evaluations: { checkout: { on: 3, off: 1 }, ['x'.repeat(201)]: { on: 1 } },
      sdk: { name: 'tabula-js', version: '3.0.5' },
    });
    expect(usage.evaluations).toEqual([
      { ...scope, flagKey: 'checkout', variant: 'on', count: 3 },
      { ...scope, flagKey: 'checkout', variant: 'off', count: 1 },
      { ...scope, flagKey: 'old', variant: '', count: 1 },
    ]);
    expect(usage.instances).toEqual([{ ...scope, instanceId: '', sdkName: 'tabula-js', sdkVersion: '3.0.5' }]);
    expect(usageOf(scope, {})).toEqual({ evaluations: [], instances: [] });
  });

  it('counts server-side evaluations per variant served, none as no variant', () => {
    const usage = servedUsage(scope, [
      { key: 'a', variant: 'on' },
      { key: 'a', variant: 'on' },
      { key: 'a', variant: null },
    ]);
    expect(usage.evaluations).toEqual([
      { ...scope, flagKey: 'a', variant: 'on', count: 2 },
      { ...scope, flagKey: 'a', variant: '', count: 1 },
    ]);
  });

  it('merges a group: counts of one environment, flag and variant summed, instances once', () => {
    const sdk = { name: 'tabula-js', version: '3.0.5', instance: 'i1' };
    const merged = mergeUsage([
      usageOf(scope, { evaluations: { a: { on: 2 } }, sdk }),
      usageOf(scope, { evaluations: { a: { on: 5, off: 1 } }, sdk }),
      usageOf({ ...scope, environmentId: 'e2' }, { evaluations: { a: { on: 1 } } }),
    ]);
    expect(merged.evaluations).toEqual([
      { ...scope, flagKey: 'a', variant: 'on', count: 7 },
      { ...scope, flagKey: 'a', variant: 'off', count: 1 },
      { ...scope, environmentId: 'e2', flagKey: 'a', variant: 'on', count: 1 },
    ]);
    expect(merged.instances).toHaveLength(1);
  });

  it('puts a time in its UTC hour', () => {
    expect(hourOf(new Date('2030-05-01T10:59:59.999Z')).toISOString()).toBe('2030-05-01T10:00:00.000Z');
  });

  it('draws one series per variant, per hour or per day, biggest first', () => {
    const rows = [
      { variant: 'on', hour: new Date('2030-05-01T10:00:00Z'), count: 2 },
      { variant: 'on', hour: new Date('2030-05-01T11:00:00Z'), count: 3 },
      { variant: 'on', hour: new Date('2030-05-02T01:00:00Z'), count: 4 },
      { variant: 'off', hour: new Date('2030-05-01T10:00:00Z'), count: 1 },
    ];
    const hourly = seriesOf(rows, 'hour');
    expect(hourly.map((line) => [line.variant, line.total, line.points.length])).toEqual([
      ['on', 9, 3],
      ['off', 1, 1],
    ]);
    expect(seriesOf(rows, 'day')[0]!.points).toEqual([
      { at: new Date('2030-05-01T00:00:00Z'), count: 5 },
      { at: new Date('2030-05-02T00:00:00Z'), count: 4 },
    ]);
    expect(seriesOf([], 'day')).toEqual([]);
  });
});
