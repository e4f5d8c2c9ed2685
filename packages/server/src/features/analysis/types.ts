import type { DailySums } from './metric-values';

/** A version's exposed units in a snapshot; `multipleExposures` of them were also exposed to another version. */
export interface VersionExposure {
  key: string;
  units: number;
  multipleExposures: number;
}

/** What a snapshot stores: exposures per version, and per metric key its sums per version and day. */
export interface SnapshotData {
  versions: VersionExposure[];
  metrics: Record<string, DailySums[]>;
}
