import type { SdkPayload } from '@tabula/protocol';
import { compileSegments } from './audience';
import { isObject } from './coercion';
import { brokenExperiment, type CompiledExperiment, compileExperiment } from './experiments';
import { type CompiledFlag, compileFlag, errorResult } from './flags';
import { type Fault, fault, type PayloadCache, report } from './report';
import type { Assignment, Attributes, EvaluationOptions, Evaluator, FlagResult } from './types';

const NO_OPTIONS: EvaluationOptions = Object.freeze({});
const NO_ATTRIBUTES: Attributes = Object.freeze({});

/** The few checks that let evaluation start; each flag, experiment and condition is checked as it is compiled. */
export const isPayload = (value: unknown): value is SdkPayload =>
  isObject(value) &&
  value.format === 1 &&
  typeof value.revision === 'string' &&
  Array.isArray(value.flags) &&
  Array.isArray(value.experiments) &&
  Array.isArray(value.segments);

/**
 * Compiles the payload once (indexes, segments, patterns, salted hash states) into closures evaluated per call.
 * Never throws: a broken flag or experiment answers ERROR (or nothing) and is reported on first use.
 */
export function createEvaluator(payload: SdkPayload): Evaluator {
  let flags = new Map<string, CompiledFlag>();
  let experiments = new Map<string, CompiledExperiment>();
  /** Set when the payload could not be read at all: every evaluation reports it. */
  let unreadable: Fault | undefined;
  try {
    if (!isPayload(payload)) throw new Error('not a format 1 payload');
    const cache: PayloadCache = new Map();
    const segments = compileSegments(payload.segments, cache);
    experiments = compileEach(
      payload.experiments,
      (experiment) => compileExperiment(experiment, segments, cache),
      brokenExperiment,
    );
    const scope = { segments, experiments, cache };
    flags = compileEach(
      payload.flags,
      (flag) => compileFlag(flag, scope),
      (key, problem) => (_attributes, options) => {
        problem(options);
        return errorResult(key, 'PARSE_ERROR');
      },
    );
  } catch (error) {
    unreadable = fault(`Unreadable SDK payload: ${(error as Error).message}`);
    flags = new Map();
    experiments = new Map();
  }

  function evaluateFlag(key: string, attributes: Attributes, options: EvaluationOptions): FlagResult {
    try {
      const flag = flags.get(key);
      if (flag) return flag(attributes, options);
      if (!unreadable) return errorResult(key, 'FLAG_NOT_FOUND');
      unreadable(options);
      return errorResult(key, 'PARSE_ERROR');
    } catch (error) {
      report(error, options);
      return errorResult(key, 'GENERAL');
    }
  }

  function assign(experiment: CompiledExperiment, attributes: Attributes, options: EvaluationOptions) {
    try {
      const forcedIndex = experiment.forced(options);
      const forced = forcedIndex >= 0;
      const version = experiment.versions[forced ? forcedIndex : (experiment.assign(attributes, options) as number)];
      if (!version) return null;
      const result: Assignment = { experiment: experiment.key, version: version.key, params: version.params };
      if (forced) result.forced = true;
      return result;
    } catch (error) {
      report(error, options);
      return null;
    }
  }

  return {
    flag: (key, attributes, options) => evaluateFlag(key, readable(attributes), options || NO_OPTIONS),
    experiment(key, attributes, options) {
      const settled = options || NO_OPTIONS;
      const experiment = experiments.get(key);
      if (experiment) return assign(experiment, readable(attributes), settled);
      if (unreadable) unreadable(settled);
      return null;
    },
    allFlags(attributes, options) {
      const settled = options || NO_OPTIONS;
      if (unreadable) unreadable(settled);
      const results: Record<string, FlagResult> = {};
      for (const key of flags.keys()) results[key] = evaluateFlag(key, readable(attributes), settled);
      return results;
    },
    allExperiments(attributes, options) {
      const settled = options || NO_OPTIONS;
      if (unreadable) unreadable(settled);
      const results: Record<string, Assignment> = {};
      for (const experiment of experiments.values()) {
        const result = assign(experiment, readable(attributes), settled);
        if (result) results[experiment.key] = result;
      }
      return results;
    },
  };
}

/** What the host passes is not trusted: attribute lookups must not throw on null or primitives. */
const readable = (attributes: Attributes): Attributes =>
  typeof attributes === 'object' && attributes !== null ? attributes : NO_ATTRIBUTES;

/** Compiles each piece once, the first of a key winning; a piece that fails to compile is replaced by `broken`. */
function compileEach<Piece extends { key: string }, Compiled>(
  pieces: readonly Piece[],
  compile: (piece: Piece) => Compiled,
  broken: (key: string, problem: Fault) => Compiled,
): Map<string, Compiled> {
  const compiled = new Map<string, Compiled>();
  for (const piece of pieces) {
    const key = String(piece?.key);
    if (compiled.has(key)) continue;
    try {
      compiled.set(key, compile(piece));
    } catch (error) {
      compiled.set(key, broken(key, fault((error as Error).message)));
    }
  }
  return compiled;
}
