import type { Experiment, ExperimentStatus } from '@tabula/protocol';
import type { ExperimentFields } from './experiment-draft';

export type ReRandomisingChange = 'traffic' | 'weights' | 'versions' | 'unitAttribute';

/** Statuses in which units already have versions, so changing how they are split moves some of them. */
export const assignsUnits = (status: ExperimentStatus): boolean => status === 'running' || status === 'paused';

/**
 * What in an update of a running or paused experiment would put units into other versions: the server refuses
 * such an update unless it says `reRandomise: true`. Renaming a version or changing its params moves nobody.
 */
export function reRandomisingChanges(
  original: Pick<Experiment, 'status' | 'traffic' | 'unitAttribute' | 'versions'>,
  changes: Partial<ExperimentFields>,
): ReRandomisingChange[] {
  if (!assignsUnits(original.status)) return [];
  const found: ReRandomisingChange[] = [];
  if (changes.traffic !== undefined && changes.traffic !== original.traffic) found.push('traffic');
  if (changes.unitAttribute !== undefined && changes.unitAttribute !== original.unitAttribute) {
    found.push('unitAttribute');
  }
  if (changes.versions) {
    const before = original.versions.map((version) => version.key).join('\n');
    const after = changes.versions.map((version) => version.key).join('\n');
    if (before !== after) found.push('versions');
    else if (changes.versions.some((version, index) => version.weight !== original.versions[index]?.weight)) {
      found.push('weights');
    }
  }
  return found;
}
