import { BUCKETS, type FieldIssue } from '@tabula/protocol';
import { newId } from '../../lib/ids';
import type { ExperimentVersion, VersionInput } from './types';

/** What a new experiment gets when it names no versions: a control and a treatment, half the units each. */
export const defaultVersions = (): VersionInput[] => [
  { key: 'control', name: 'Control', weight: BUCKETS / 2, isControl: true, params: {} },
  { key: 'treatment', name: 'Treatment', weight: BUCKETS / 2, isControl: false, params: {} },
];

/** Keys are unique, exactly one version is the control, and the weights split every unit (add up to 10000). */
export function versionIssues(versions: readonly Pick<VersionInput, 'key' | 'weight' | 'isControl'>[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  versions.forEach((version, index) => {
    if (seen.has(version.key)) {
      issues.push({ path: `versions.${index}.key`, message: `Version "${version.key}" appears twice` });
    }
    seen.add(version.key);
  });
  const controls = versions.filter((version) => version.isControl).length;
  if (controls !== 1) {
    issues.push({ path: 'versions', message: `Exactly one version must be the control; ${controls} are` });
  }
  const sum = versions.reduce((total, version) => total + version.weight, 0);
  if (sum !== BUCKETS) {
    issues.push({ path: 'versions', message: `Weights add up to ${sum}; they must add up to ${BUCKETS} (100%)` });
  }
  return issues;
}

/**
 * The rows that replace an experiment's versions. A version whose key stays keeps its id and the visual editor's
 * change records; the list's order is the order of the weight intervals units are split by.
 */
export function versionRows(
  experimentId: string,
  versions: readonly VersionInput[],
  current: readonly ExperimentVersion[] = [],
): ExperimentVersion[] {
  return versions.map((version, position) => {
    const kept = current.find((candidate) => candidate.key === version.key);
    return {
      id: kept?.id ?? newId(),
      experimentId,
      key: version.key,
      name: version.name,
      weight: version.weight,
      isControl: version.isControl,
      params: version.params,
      changeRecords: kept?.changeRecords ?? [],
      position,
    };
  });
}
