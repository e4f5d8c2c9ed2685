import { describe, expect, it } from 'vitest';
import { metricResult } from '../testing/results-fixtures';
import { summariseResults } from './summary';

describe('summariseResults', () => {
  it('reads the first primary metric only', () => {
    const secondary = metricResult({ role: 'secondary', lift: { verdict: 'better' } });
    expect(summariseResults({ metrics: [secondary] })).toEqual({ kind: 'no_primary_metric' });
    const primary = metricResult({ key: 'main', lift: { verdict: 'inconclusive' } });
    expect(summariseResults({ metrics: [secondary, primary] })).toMatchObject({
      kind: 'no_difference',
      metric: primary,
    });
  });

  it('puts a worse version after a better one', () => {
    const metric = metricResult({});
    metric.versions = [
      metric.versions[0]!,
      {
        ...metric.versions[1]!,
        version: 'red',
        lift: { ...metric.versions[1]!.lift!, estimate: -0.2, verdict: 'worse' },
      },
      {
        ...metric.versions[1]!,
        version: 'green',
        lift: { ...metric.versions[1]!.lift!, estimate: 0.1, verdict: 'better' },
      },
    ];
    const summary = summariseResults({ metrics: [metric] });
    expect(summary.kind === 'decisive' && summary.versions.map((row) => row.version)).toEqual(['green', 'red']);
  });
});
