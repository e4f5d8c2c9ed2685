import type { BreakdownSlice, ExperimentBreakdown, ResultsQuery, StatisticsSettings } from '@tabula/protocol';
import { groupSlices, sliceOf } from './breakdown-slices';
import { computeResults, type ResultsMetric, type ResultsVersion } from './results';
import type { SnapshotData } from './types';

export interface BreakdownInput {
  versions: ResultsVersion[];
  metrics: Omit<ResultsMetric, 'sums'>[];
  /** An aggregation by the dimension: sums per version and slice. */
  data: SnapshotData;
  settings: StatisticsSettings;
  options: ResultsQuery;
  top?: number;
}

/**
 * Slicing multiplies the comparisons: a project without a correction still has its slices corrected, by
 * Benjamini–Hochberg, which bounds the share of false discoveries among them.
 */
export const sliceCorrection = (settings: StatisticsSettings): ExperimentBreakdown['correction'] =>
  settings.correction === 'none' ? 'benjamini-hochberg' : settings.correction;

/**
 * Each slice's metrics as the results page computes them, every slice × metric × treatment p-value in one family of
 * the multiple-testing correction: the slices are one family with the metrics and versions, so a slice looked at
 * among many is no likelier to look significant.
 */
export function computeBreakdown(
  input: BreakdownInput,
): Pick<ExperimentBreakdown, 'correction' | 'control' | 'slices'> {
  const correction = sliceCorrection(input.settings);
  const groups = groupSlices(input.data.slices ?? [], input.top);
  const slices = groups.map((group) => sliceOf(input.data, group));
  const computed = computeResults({
    versions: input.versions,
    exposures: input.data.versions,
    metrics: slices.flatMap((slice) =>
      input.metrics.map((entry) => ({ ...entry, sums: slice.metrics[entry.metric.key] ?? [] })),
    ),
    settings: { ...input.settings, correction },
    options: input.options,
  });
  const perSlice = input.metrics.length;
  return {
    correction,
    control: computed.control,
    slices: groups.map(
      (group, index): BreakdownSlice => ({
        kind: group.kind,
        value: group.value,
        units: Object.fromEntries(
          input.versions.map((version) => [
            version.key,
            slices[index]!.versions.find((entry) => entry.key === version.key)?.units ?? 0,
          ]),
        ),
        metrics: computed.metrics
          .slice(index * perSlice, (index + 1) * perSlice)
          .map(({ series: _series, ...metric }) => metric),
      }),
    ),
  };
}
