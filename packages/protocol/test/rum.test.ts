import { describe, expect, it } from 'vitest';
import {
  diagnosticsQuerySchema,
  errorBatchSchema,
  RUM_MAX_REPORTS_PER_BATCH,
  rateVital,
  type VitalName,
  vitalBatchSchema,
} from '../src';

describe('vital ratings (spec §9)', () => {
  it.each<[VitalName, number, number]>([
    ['FCP', 1800, 3000],
    ['LCP', 2500, 4000],
    ['FID', 100, 300],
    ['CLS', 0.1, 0.25],
    ['INP', 200, 500],
  ])('%s is good up to %d, poor above %d', (name, good, poor) => {
    expect(rateVital(name, 0)).toBe('good');
    expect(rateVital(name, good)).toBe('good');
    expect(rateVital(name, good * 1.01)).toBe('needs-improvement');
    expect(rateVital(name, poor)).toBe('needs-improvement');
    expect(rateVital(name, poor * 1.01)).toBe('poor');
  });
});

const context = {
  releaseId: 'r-1',
  edition: 'international',
  platform: 'gcp',
  environment: 'prod',
  userId: null,
} as const;

describe('report batches', () => {
  const error = { kind: 'error', message: 'boom', stack: null, page: '/projects' } as const;

  it('accept between one and the batch limit of well-formed reports', () => {
    expect(errorBatchSchema.safeParse({ context, reports: [error] }).success).toBe(true);
    expect(errorBatchSchema.safeParse({ context, reports: [] }).success).toBe(false);
    const tooMany = Array.from({ length: RUM_MAX_REPORTS_PER_BATCH + 1 }, () => error);
    expect(errorBatchSchema.safeParse({ context, reports: tooMany }).success).toBe(false);
  });

  it('refuse unknown fields, editions and over-long messages', () => {
    expect(errorBatchSchema.safeParse({ context: { ...context, edition: 'gold' }, reports: [error] }).success).toBe(
      false,
    );
    expect(errorBatchSchema.safeParse({ context, reports: [{ ...error, extra: 1 }] }).success).toBe(false);
    expect(errorBatchSchema.safeParse({ context, reports: [{ ...error, message: 'x'.repeat(1001) }] }).success).toBe(
      false,
    );
  });

  it('refuse a vital whose rating does not follow from its value', () => {
    const vital = { name: 'LCP', value: 5000, page: '/' };
    expect(vitalBatchSchema.safeParse({ context, reports: [{ ...vital, rating: 'poor' }] }).success).toBe(true);
    const wrong = vitalBatchSchema.safeParse({ context, reports: [{ ...vital, rating: 'good' }] });
    expect(wrong.error?.issues[0]?.path).toEqual(['reports', 0, 'rating']);
  });
});

describe('diagnostics query', () => {
  it('looks back 1, 7 or 30 days, 7 by default', () => {
    expect(diagnosticsQuerySchema.parse({})).toEqual({ days: 7 });
    expect(diagnosticsQuerySchema.parse({ days: '30' })).toEqual({ days: 30 });
    expect(diagnosticsQuerySchema.safeParse({ days: '3' }).success).toBe(false);
  });
});
