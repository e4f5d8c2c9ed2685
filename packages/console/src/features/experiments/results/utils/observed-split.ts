import type { ExperimentResults } from '@tabula/protocol';

export interface VersionSplit {
  key: string;
  name: string;
  units: number;
  /** Share of the exposed units this version got. */
  observed: number;
  /** Share its weight asked for. */
  expected: number;
}

/** Each version's share of the units against the share its weight planned, the two sides of the sample ratio check. */
export function observedSplit(versions: ExperimentResults['versions']): VersionSplit[] {
  const units = versions.reduce((sum, version) => sum + version.units, 0);
  const weights = versions.reduce((sum, version) => sum + version.weight, 0);
  return versions.map(({ key, name, units: count, weight }) => ({
    key,
    name,
    units: count,
    observed: units > 0 ? count / units : 0,
    expected: weights > 0 ? weight / weights : 0,
  }));
}
