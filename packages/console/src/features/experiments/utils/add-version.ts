import type { ExperimentVersion, UpdateExperimentBody } from '@tabula/protocol';

type VersionsInput = NonNullable<UpdateExperimentBody['versions']>;

import { keyFromName, uniqueKey } from './keys';
import { equalSplit } from './weights';

/**
 * The versions after adding one named `name`: every version gets an equal share, since a new version needs traffic
 * and a running experiment re-randomises anyway. Its key follows the name, or `treatment-<n>` when the name suggests
 * none; existing keys, names and params stay.
 */
export function withAddedVersion(versions: readonly ExperimentVersion[], name: string): VersionsInput {
  const taken = versions.map((version) => version.key);
  const key = uniqueKey(keyFromName(name) || `treatment-${versions.length}`, taken);
  const weights = equalSplit(versions.length + 1);
  return [
    ...versions.map(({ key, name, isControl, params }) => ({ key, name, isControl, params })),
    { key, name, isControl: false, params: {} },
  ].map((version, index) => ({ ...version, weight: weights[index] ?? 0 }));
}
