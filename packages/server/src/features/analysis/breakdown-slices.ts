import { type BreakdownSlice, MAX_DIMENSION_VALUE_LENGTH, TOP_SLICES } from '@tabula/protocol';
import type { DailySums } from './metric-values';
import type { SliceExposure, SnapshotData, VersionExposure } from './types';

/**
 * The aggregation keeps this many of a dimension's values, those with the most units; the rest come back together as
 * FOLDED_SLICE. A dimension with a value per unit (an id chosen as a breakdown attribute) so costs a thousand rows per
 * version, not one per unit. Exact for any dimension of up to this many values; on PostgreSQL with several analysis
 * connections, per connection's share of the units.
 */
export const MAX_SLICE_VALUES = 1000;
/** Longer than any value a dimension stores, so that no value reads as it. */
export const FOLDED_SLICE = `${'~'.repeat(MAX_DIMENSION_VALUE_LENGTH)}other`;

/** Slices as shown: a value of its own, the other values together, or the units whose exposure had none (''). */
export interface SliceGroup {
  kind: BreakdownSlice['kind'];
  value: string | null;
  /** The dimension's values the group adds up. */
  members: Set<string>;
}

/**
 * The `top` values with the most units (ties by value), then "other" adding up the rest, then "unknown": a dimension
 * of many values (countries, a chosen attribute) stays a handful of slices, each big enough to say something.
 */
export function groupSlices(slices: readonly SliceExposure[], top = TOP_SLICES): SliceGroup[] {
  const units = new Map<string, number>();
  for (const { slice, units: count } of slices) units.set(slice, (units.get(slice) ?? 0) + count);
  const known = [...units].filter(([value, count]) => value !== '' && value !== FOLDED_SLICE && count > 0);
  known.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const groups: SliceGroup[] = known
    .slice(0, top)
    .map(([value]) => ({ kind: 'value', value, members: new Set([value]) }));
  const rest = [...known.slice(top).map(([value]) => value), ...(units.get(FOLDED_SLICE) ? [FOLDED_SLICE] : [])];
  if (rest.length > 0) groups.push({ kind: 'other', value: null, members: new Set(rest) });
  if ((units.get('') ?? 0) > 0) groups.push({ kind: 'unknown', value: null, members: new Set(['']) });
  return groups;
}

/** One bucket for the whole slice: a breakdown has no series over time. */
const SLICE_BUCKET = 'slice';

function addUp<T extends object>(rows: T[], keyOf: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const known = byKey.get(keyOf(row)) as Record<string, unknown> | undefined;
    if (!known) {
      byKey.set(keyOf(row), { ...row });
      continue;
    }
    for (const [name, value] of Object.entries(row)) {
      if (typeof value === 'number') known[name] = (known[name] as number) + value;
    }
  }
  return [...byKey.values()];
}

/**
 * A breakdown's aggregation (sums per version and slice, see AggregationScope.dimension) cut to one group: its
 * versions' units and every metric's sums, all counts and sums added up over the group's values.
 */
export function sliceOf(data: SnapshotData, group: SliceGroup): SnapshotData {
  const versions: VersionExposure[] = addUp(
    (data.slices ?? [])
      .filter((row) => group.members.has(row.slice))
      .map(({ key, units, multipleExposures }) => ({ key, units, multipleExposures })),
    (row) => row.key,
  );
  const metrics = Object.fromEntries(
    Object.entries(data.metrics).map(([key, rows]): [string, DailySums[]] => [
      key,
      addUp(
        rows.filter((row) => group.members.has(row.day)).map((row) => ({ ...row, day: SLICE_BUCKET })),
        (row) => row.version,
      ),
    ]),
  );
  return { versions, metrics };
}
