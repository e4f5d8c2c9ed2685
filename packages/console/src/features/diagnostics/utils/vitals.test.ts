import { describe, expect, it } from 'vitest';
import { formatVital, vitalsByPage } from './vitals';

describe('vitals on the diagnostics page', () => {
  it('read as seconds, milliseconds or a score', () => {
    expect(formatVital('LCP', 2534)).toBe('2.53 s');
    expect(formatVital('FID', 87.4)).toBe('87 ms');
    expect(formatVital('CLS', 0.1234)).toBe('0.123');
    expect(formatVital('CLS', 0.1004)).toBe('0.100');
  });

  it('are laid out one row per page', () => {
    const lcp = { page: '/projects', name: 'LCP', count: 3, p75: 1, p90: 2 } as const;
    const cls = { page: '/projects', name: 'CLS', count: 3, p75: 0.1, p90: 0.2 } as const;
    const fcp = { page: '/audit', name: 'FCP', count: 1, p75: 5, p90: 5 } as const;
    expect(vitalsByPage([lcp, cls, fcp])).toEqual([
      { page: '/projects', vitals: { LCP: lcp, CLS: cls } },
      { page: '/audit', vitals: { FCP: fcp } },
    ]);
  });
});
