import type { PayloadExperiment, PayloadVersion } from '@tabula/protocol';
import { compileAudience, type Segments } from './audience';
import { BUCKETS, createBucketer, unitOf } from './bucket';
import { isObject } from './coercion';
import { fromPart, HELD } from './operators';
import { Problem } from './problem';
import { explain, type Fault, type PayloadCache, report } from './report';
import type { Attributes, EvaluationOptions, StickyAssignments } from './types';
import { compileSplit } from './weights';

/** assignIndex()'s answer for a unit that is not in the experiment (conditions, layer, traffic, weights). */
const NOT_IN = -1;

export interface CompiledExperiment {
  readonly key: string;
  readonly versions: readonly PayloadVersion[];
  /** The attribute whose value is the unit: exposures and sticky versions belong to that unit. */
  readonly unitAttribute: string;
  /** The index of the version the options force (QA) when it exists, else NOT_IN. Needs no unit, no conditions. */
  forced(options: EvaluationOptions): number;
  /**
   * The unit's version index, NOT_IN, or undefined when the unit passed the conditions but has no unit id to hash.
   * Reads and refreshes the sticky store when there is one.
   */
  assignIndex(attributes: Attributes, options: EvaluationOptions): number | undefined;
}

export function compileExperiment(
  experiment: PayloadExperiment,
  segments: Segments,
  cache: PayloadCache,
): CompiledExperiment {
  const { key, versions, unitAttribute, phase, traffic, layer } = experiment;
  if (!Array.isArray(versions) || versions.length === 0) throw new Error(explain(Problem.NoVersions, key));
  if (
    typeof key !== 'string' ||
    typeof unitAttribute !== 'string' ||
    !Number.isInteger(phase) ||
    phase < 0 ||
    typeof traffic !== 'number' ||
    !versions.every((version) => isObject(version) && typeof version.key === 'string' && isObject(version.params))
  ) {
    throw new Error(explain(Problem.ExperimentMalformed, key));
  }

  const keys = versions.map((version) => version.key);
  const split = compileSplit(
    versions.map((version) => version.weight),
    `Experiment ${key}`,
  );
  const salt = phase === 0 ? key : `${key}.${phase}`;
  const versionBucket = createBucketer(salt);
  const trafficBucket = traffic < BUCKETS ? createBucketer(`traffic.${salt}`) : undefined;
  const layerBucket = layer ? createBucketer(layer.key) : undefined;
  const { start: layerStart = 0, end: layerEnd = BUCKETS } = layer || {};
  const audience = compileAudience(experiment.conditions, experiment.segments, segments, cache);
  const held = experiment.holdout && fromPart('compileHoldout', cache, HELD, experiment.holdout);

  function stickyIndex(sticky: StickyAssignments, unit: string, options: EvaluationOptions): number {
    try {
      const stored = sticky.get(key, unit);
      return stored && stored.phase === phase ? keys.indexOf(stored.version) : NOT_IN;
    } catch (error) {
      report(error, options);
      return NOT_IN;
    }
  }

  function remember(sticky: StickyAssignments, unit: string, index: number, options: EvaluationOptions): void {
    try {
      sticky.set(key, unit, { version: keys[index] as string, phase });
    } catch (error) {
      report(error, options);
    }
  }

  return {
    key,
    versions,
    unitAttribute,
    forced(options) {
      const forced = options.forcedVersions;
      return forced ? keys.indexOf(forced[key] as string) : NOT_IN;
    },
    assignIndex(attributes, options) {
      if (audience && !audience(attributes, options)) return NOT_IN;
      const unit = unitOf(attributes, unitAttribute);
      if (unit === undefined) return undefined;
      // Before the sticky version: a unit assigned before the holdout started is held out all the same.
      if (held?.(unit, options)) return NOT_IN;
      const { sticky } = options;
      const kept = sticky ? stickyIndex(sticky, unit, options) : NOT_IN;
      if (kept >= 0) return kept;
      if (layerBucket) {
        const slot = layerBucket(unit);
        if (slot < layerStart || slot >= layerEnd) return NOT_IN;
      }
      if (trafficBucket && trafficBucket(unit) >= traffic) return NOT_IN;
      const index = split(versionBucket(unit), options);
      if (index >= 0 && sticky) remember(sticky, unit, index, options);
      return index;
    },
  };
}

/** Stands in for an experiment the payload describes badly: nobody is in it, and the first evaluation hears why. */
export function brokenExperiment(key: string, problem: Fault): CompiledExperiment {
  return {
    key,
    versions: [],
    unitAttribute: 'id',
    forced: () => NOT_IN,
    assignIndex(_attributes, options) {
      problem(options);
      return NOT_IN;
    },
  };
}
