import type { SdkPayload } from '@tabula/protocol';
import { compileSegments } from './audience';
import { createConditionCache } from './condition-cache';
import { brokenExperiment, type CompiledExperiment, compileExperiment } from './experiments';
import { type CompiledFlag, compileFlag, errorResult } from './flags';
import { asError, type Problem, problem, report, reportOnce } from './report';
import type { Assignment, Attributes, EvaluationOptions, Evaluator, FlagResult } from './types';

const NO_OPTIONS: EvaluationOptions = Object.freeze({});
const NO_ATTRIBUTES: Attributes = Object.freeze({});

interface Compiled {
  flags: Map<string, CompiledFlag>;
  experiments: Map<string, CompiledExperiment>;
}

/**
 * Compiles the payload once (indexes, segments, patterns, salted hash states) into closures evaluated per call.
 * Never throws: a broken flag or experiment answers ERROR (or nothing) and is reported on first use.
 */
export function createEvaluator(payload: SdkPayload): Evaluator {
  let compiled: Compiled;
  let payloadFault: Problem | undefined;
  try {
    compiled = compile(payload);
  } catch (error) {
    payloadFault = problem(`Unreadable SDK payload: ${asError(error).message}`);
    compiled = { flags: new Map(), experiments: new Map() };
  }
  const { flags, experiments } = compiled;

  function evaluateFlag(key: string, attributes: Attributes, options: EvaluationOptions): FlagResult {
    try {
      const flag = flags.get(key);
      if (flag !== undefined) return flag(attributes, options);
      if (payloadFault === undefined) return errorResult(key, 'FLAG_NOT_FOUND');
      reportOnce(payloadFault, options);
      return errorResult(key, 'PARSE_ERROR');
    } catch (error) {
      report(asError(error), options);
      return errorResult(key, 'GENERAL');
    }
  }

  function assignExperiment(
    experiment: CompiledExperiment,
    attributes: Attributes,
    options: EvaluationOptions,
  ): Assignment | null {
    try {
      if (options.forcedVersions !== undefined) {
        const forced = experiment.forced(options.forcedVersions);
        if (forced >= 0) return assignment(experiment, forced, true);
      }
      const index = experiment.assign(attributes, options);
      return index < 0 ? null : assignment(experiment, index, false);
    } catch (error) {
      report(asError(error), options);
      return null;
    }
  }

  return {
    flag(key, attributes, options) {
      return evaluateFlag(key, readable(attributes), options ?? NO_OPTIONS);
    },
    experiment(key, attributes, options) {
      const experiment = experiments.get(key);
      const settled = options ?? NO_OPTIONS;
      if (experiment === undefined) {
        if (payloadFault !== undefined) reportOnce(payloadFault, settled);
        return null;
      }
      return assignExperiment(experiment, readable(attributes), settled);
    },
    allFlags(attributes, options) {
      const settled = options ?? NO_OPTIONS;
      const readableAttributes = readable(attributes);
      if (payloadFault !== undefined) reportOnce(payloadFault, settled);
      const results: Record<string, FlagResult> = {};
      for (const key of flags.keys()) results[key] = evaluateFlag(key, readableAttributes, settled);
      return results;
    },
    allExperiments(attributes, options) {
      const settled = options ?? NO_OPTIONS;
      const readableAttributes = readable(attributes);
      if (payloadFault !== undefined) reportOnce(payloadFault, settled);
      const results: Record<string, Assignment> = {};
      for (const experiment of experiments.values()) {
        const result = assignExperiment(experiment, readableAttributes, settled);
        if (result !== null) results[experiment.key] = result;
      }
      return results;
    },
  };
}

/** Attribute lookups must not throw on a host that passes null or a primitive. */
function readable(attributes: Attributes): Attributes {
  return typeof attributes === 'object' && attributes !== null ? attributes : NO_ATTRIBUTES;
}

function assignment(experiment: CompiledExperiment, index: number, forced: boolean): Assignment {
  const version = experiment.versions[index];
  if (version === undefined) throw new Error(`Experiment ${experiment.key} has no version ${index}`);
  const result: Assignment = { experiment: experiment.key, version: version.key, params: version.params };
  if (forced) result.forced = true;
  return result;
}

function compile(payload: SdkPayload): Compiled {
  if (typeof payload !== 'object' || payload === null) throw new Error('it is not an object');
  const cache = createConditionCache();
  const segments = compileSegments(payload.segments ?? [], cache);

  const experiments = new Map<string, CompiledExperiment>();
  for (const experiment of list(payload.experiments, 'experiments')) {
    const key = String(experiment?.key);
    if (experiments.has(key)) continue;
    try {
      experiments.set(key, compileExperiment(experiment, segments, cache));
    } catch (error) {
      experiments.set(key, brokenExperiment(key, problem(asError(error).message)));
    }
  }

  const flags = new Map<string, CompiledFlag>();
  for (const flag of list(payload.flags, 'flags')) {
    const key = String(flag?.key);
    if (flags.has(key)) continue;
    try {
      flags.set(key, compileFlag(flag, { segments, experiments, cache }));
    } catch (error) {
      const fault = problem(asError(error).message);
      flags.set(key, (_attributes, options) => {
        reportOnce(fault, options);
        return errorResult(key, 'PARSE_ERROR');
      });
    }
  }
  return { flags, experiments };
}

function list<T>(value: readonly T[] | undefined, name: string): readonly T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${name} is not a list`);
  return value;
}
