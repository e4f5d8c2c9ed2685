import type { DailySums } from './metric-values';

/** A version's exposed units in a snapshot; `multipleExposures` of them were also exposed to another version. */
export interface VersionExposure {
  key: string;
  units: number;
  multipleExposures: number;
}

/** A version's exposed units whose dimension at their first exposure had this value ('' for none). */
export interface SliceExposure extends VersionExposure {
  slice: string;
}

/**
 * What a snapshot stores: exposures per version, and per metric key its sums per version and day. An aggregation by a
 * dimension (a breakdown, never stored) has its sums per version and slice, the slice in `day`, and `slices`.
 */
export interface SnapshotData {
  versions: VersionExposure[];
  metrics: Record<string, DailySums[]>;
  slices?: SliceExposure[];
}
