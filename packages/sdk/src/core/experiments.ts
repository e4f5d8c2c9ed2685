import type { JsonValue, PayloadExperiment, PayloadVersion } from '@tabula/protocol';
import { compileAudience, type Segments } from './audience';
import { createBucketer, unitOf } from './bucket';
import type { ConditionCache, Test } from './condition-cache';
import { BUCKETS } from './constants';
import { asError, type Problem, problem, report, reportOnce } from './report';
import type { Attributes, EvaluationOptions } from './types';
import { cumulativeEnds, intervalOf, weightsProblem } from './weights';

/** assign() outcomes besides a version index. */
export const NOT_IN = -1;
/** The unit passed the experiment's conditions but has no unit id: nothing to hash. */
export const NO_UNIT = -2;

export interface CompiledExperiment {
  readonly key: string;
  readonly versions: readonly PayloadVersion[];
  /** The forced version's index when options force an existing one, else NOT_IN. Needs no unit, no conditions. */
  forced(forcedVersions: Readonly<Record<string, string>>): number;
  /** The unit's version index, NOT_IN or NO_UNIT. Reads and refreshes the sticky store when there is one. */
  assign(attributes: Attributes, options: EvaluationOptions): number;
  /** params[name] of each version, undefined where a version lacks it (the experiment then serves no value). */
  param(name: string): readonly (JsonValue | undefined)[];
}

export function compileExperiment(
  experiment: PayloadExperiment,
  segments: Segments,
  cache: ConditionCache,
): CompiledExperiment {
  const { key, versions, unitAttribute, phase, traffic, layer } = experiment;
  if (typeof key !== 'string' || !Array.isArray(versions) || versions.length === 0) {
    throw new Error(`Experiment ${String(key)} has no versions`);
  }
  for (const version of versions) {
    if (typeof version?.key !== 'string' || typeof version.params !== 'object' || version.params === null) {
      throw new Error(`Experiment ${key} has a malformed version`);
    }
  }
  if (typeof unitAttribute !== 'string') throw new Error(`Experiment ${key} names no unit attribute`);
  if (!Number.isInteger(phase) || phase < 0) throw new Error(`Experiment ${key} has a bad phase`);
  if (typeof traffic !== 'number') throw new Error(`Experiment ${key} has no traffic`);

  const indexByKey = new Map<string, number>();
  versions.forEach((version, index) => {
    if (!indexByKey.has(version.key)) indexByKey.set(version.key, index);
  });
  const ends = cumulativeEnds(versions.map((version) => version.weight));
  const weightMessage = weightsProblem(ends, `Experiment ${key}`);
  const weightFault: Problem | undefined = weightMessage === undefined ? undefined : problem(weightMessage);

  const salt = phase === 0 ? key : `${key}.${phase}`;
  const versionBucket = createBucketer(salt);
  const trafficBucket = traffic >= BUCKETS ? undefined : createBucketer(`traffic.${salt}`);
  const layerBucket = layer == null ? undefined : createBucketer(layer.key);
  const layerStart = layer?.start ?? 0;
  const layerEnd = layer?.end ?? BUCKETS;
  const audience: Test | undefined = compileAudience(experiment.conditions, experiment.segments, segments, cache);
  const params = new Map<string, readonly (JsonValue | undefined)[]>();

  function stickyIndex(options: EvaluationOptions): number {
    try {
      const stored = options.sticky?.get(key);
      if (stored === undefined || stored === null || stored.phase !== phase) return NOT_IN;
      return indexByKey.get(stored.version) ?? NOT_IN;
    } catch (error) {
      report(asError(error), options);
      return NOT_IN;
    }
  }

  function remember(index: number, options: EvaluationOptions): void {
    try {
      options.sticky?.set(key, { version: (versions[index] as PayloadVersion).key, phase });
    } catch (error) {
      report(asError(error), options);
    }
  }

  return {
    key,
    versions,
    forced(forcedVersions) {
      const version = forcedVersions[key];
      return version === undefined ? NOT_IN : (indexByKey.get(version) ?? NOT_IN);
    },
    assign(attributes, options) {
      if (audience !== undefined && !audience(attributes, options)) return NOT_IN;
      const unit = unitOf(attributes, unitAttribute);
      if (unit === undefined) return NO_UNIT;
      if (options.sticky !== undefined) {
        const kept = stickyIndex(options);
        if (kept >= 0) return kept;
      }
      if (layerBucket !== undefined) {
        const slot = layerBucket(unit);
        if (slot < layerStart || slot >= layerEnd) return NOT_IN;
      }
      if (trafficBucket !== undefined && trafficBucket(unit) >= traffic) return NOT_IN;
      const index = intervalOf(ends, versionBucket(unit));
      if (index < 0) {
        if (weightFault !== undefined) reportOnce(weightFault, options);
        return NOT_IN;
      }
      if (options.sticky !== undefined) remember(index, options);
      return index;
    },
    param(name) {
      let values = params.get(name);
      if (values === undefined) {
        values = versions.map((version) => (Object.hasOwn(version.params, name) ? version.params[name] : undefined));
        params.set(name, values);
      }
      return values;
    },
  };
}

/** Stands in for an experiment the payload describes badly: nobody is in it, and the first evaluation hears why. */
export function brokenExperiment(key: string, fault: Problem): CompiledExperiment {
  return {
    key,
    versions: [],
    forced: () => NOT_IN,
    assign(_attributes, options) {
      reportOnce(fault, options);
      return NOT_IN;
    },
    param: () => [],
  };
}
