import type { HealthCheck } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { healthFixture, metricResult, resultsFixture } from '../testing/results-fixtures';
import { failedChecks, isTrustworthy, leadingVersion } from './health';

describe('results health', () => {
  it('trusts results whose checks all pass, and names the version that won the primary metric', () => {
    const results = resultsFixture();
    expect(isTrustworthy(results)).toBe(true);
    expect(leadingVersion(results)).toBe('green');
  });

  it('names no version while a check fails', () => {
    const results = resultsFixture({ health: healthFixture(['min_units']) });
    expect(failedChecks(results).map((check: HealthCheck) => check.check)).toEqual(['min_units']);
    expect(isTrustworthy(results)).toBe(false);
    expect(leadingVersion(results)).toBeNull();
  });

  it('names no version when none is better', () => {
    const results = resultsFixture({ metrics: [metricResult({ lift: { verdict: 'worse', estimate: -0.2 } })] });
    expect(leadingVersion(results)).toBeNull();
  });
});
