import type { SdkPayload } from '@tabula/protocol';
import { compileSegments } from './audience';
import { unitOf } from './bucket';
import { isObject } from './coercion';
import { brokenExperiment, type CompiledExperiment, compileExperiment } from './experiments';
import { brokenFlag, type CompiledFlag, compileFlag, errorResult } from './flags';
import { MISSING_OPERATORS } from './operators';
import { Problem } from './problem';
import { explain, type Fault, fault, type PayloadCache, report } from './report';
import type { Assignment, Attributes, EvaluationOptions, Evaluator, FlagResult } from './types';

/** Stands for options or attributes not given. */
const NOTHING: EvaluationOptions & Attributes = /* @__PURE__ */ Object.freeze({});

/** The few checks that let evaluation start; each flag, experiment and condition is checked as it is compiled. */
export const isPayload = (value: unknown): value is SdkPayload =>
  isObject(value) &&
  value.format === 1 &&
  typeof value.revision === 'string' &&
  Array.isArray(value.flags) &&
  Array.isArray(value.experiments) &&
  Array.isArray(value.segments);

/** A payload compiled once (indexes, segments, patterns, salted hash states) into closures evaluated per call. */
export interface CompiledPayload {
  flags: ReadonlyMap<string, CompiledFlag>;
  experiments: ReadonlyMap<string, CompiledExperiment>;
  /** Set when the payload could not be read at all: every evaluation reports it. */
  unreadable?: Fault;
  /**
   * A condition names an operator that may be one of the optional ones, or an experiment or flag carries a holdout or
   * prerequisites, while the optional part is not installed (only ever in the snippet bundle, before it has loaded it):
   * until it is, such a condition is false and reported, a holdout holds every unit out, and prerequisites fail.
   */
  needs?: boolean;
}

/** Never throws: a broken flag or experiment answers ERROR (or nothing) and is reported on first use. */
export function compilePayload(payload: SdkPayload): CompiledPayload {
  try {
    if (!isPayload(payload)) throw new Error(explain(Problem.PayloadFormat));
    const cache: PayloadCache = new Map();
    const segments = compileSegments(payload.segments, cache);
    const experiments = compileEach(
      new Map(),
      payload.experiments,
      (experiment) => compileExperiment(experiment, segments, cache),
      brokenExperiment,
    );
    const flags = new Map<string, CompiledFlag>();
    const scope = { segments, experiments, cache, flags };
    compileEach(flags, payload.flags, (flag) => compileFlag(flag, scope), brokenFlag);
    return { flags, experiments, needs: cache.has(MISSING_OPERATORS) };
  } catch (error) {
    return {
      flags: new Map(),
      experiments: new Map(),
      unreadable: fault(explain(Problem.PayloadUnreadable, (error as Error).message)),
    };
  }
}

/**
 * Never throws: what the attributes throw as they are read (a getter) is reported, and the answer is GENERAL. The
 * client, whose attributes are objects and which catches what they throw itself, calls the compiled flag directly.
 */
export function evaluateFlag(
  payload: CompiledPayload,
  key: string,
  attributes: Attributes,
  options?: EvaluationOptions,
): FlagResult {
  const settled = options || NOTHING;
  // The flag is called right here, in the try: called from a function called here, it cost about 5 % of the
  // evaluations a second (sdk-eval).
  try {
    const flag = payload.flags.get(key);
    return flag ? flag(readable(attributes), settled) : missingFlag(payload, key, settled);
  } catch (error) {
    report(error, settled);
    return errorResult(key, 'GENERAL');
  }
}

/** The answer for a key the payload holds no flag for: unknown, or lost with a payload that could not be read. */
export function missingFlag(payload: CompiledPayload, key: string, options: EvaluationOptions): FlagResult {
  if (!payload.unreadable) return errorResult(key, 'FLAG_NOT_FOUND');
  payload.unreadable(options);
  return errorResult(key, 'PARSE_ERROR');
}

/**
 * The unit's version, null when it is in none. `attributes` must be an object. Throws what they throw as they are read
 * (a getter): callers catch it, report it and answer null (createEvaluator, the client).
 */
export function evaluateExperiment(
  payload: CompiledPayload,
  key: string,
  attributes: Attributes,
  options: EvaluationOptions,
): Assignment | null {
  const experiment = payload.experiments.get(key);
  if (!experiment) {
    payload.unreadable?.(options);
    return null;
  }
  let index = experiment.forced(options);
  const forced = index >= 0;
  if (!forced) index = experiment.assignIndex(attributes, options) as number;
  const version = experiment.versions[index];
  if (!version) return null;
  const result: Assignment = { experiment: experiment.key, version: version.key, params: version.params };
  if (forced) result.forced = true;
  else result.unit = unitOf(attributes, experiment.unitAttribute);
  return result;
}

/** Every flag and every experiment at once (the server's online evaluation); the snippet bundle does without. */
export function createEvaluator(payload: SdkPayload): Evaluator {
  const compiled = compilePayload(payload);
  const { flags, experiments, unreadable } = compiled;
  const flag = (key: string, attributes: Attributes, options?: EvaluationOptions): FlagResult =>
    evaluateFlag(compiled, key, attributes, options);
  // Nothing is thrown at the caller: what the attributes throw is reported, and the unit is in no version.
  const experiment = (key: string, attributes: Attributes, options?: EvaluationOptions): Assignment | null => {
    const settled = options || NOTHING;
    try {
      return evaluateExperiment(compiled, key, readable(attributes), settled);
    } catch (error) {
      report(error, settled);
      return null;
    }
  };
  return {
    flag,
    experiment,
    allFlags(attributes, options) {
      if (unreadable) unreadable(options || NOTHING);
      const results: Record<string, FlagResult> = {};
      for (const key of flags.keys()) results[key] = flag(key, attributes, options);
      return results;
    },
    allExperiments(attributes, options) {
      if (unreadable) unreadable(options || NOTHING);
      const results: Record<string, Assignment> = {};
      for (const key of experiments.keys()) {
        const result = experiment(key, attributes, options);
        if (result) results[key] = result;
      }
      return results;
    },
  };
}

/** What the host passes is not trusted: attribute lookups must not throw on null or primitives. */
const readable = (attributes: Attributes): Attributes =>
  typeof attributes === 'object' && attributes !== null ? attributes : NOTHING;

/**
 * Compiles each piece once into `compiled`, the first of a key winning; a piece that fails to compile is replaced by
 * `broken`. The map is the caller's, so pieces compiled first can look up the others when they are evaluated.
 */
function compileEach<Piece extends { key: string }, Compiled>(
  compiled: Map<string, Compiled>,
  pieces: readonly Piece[],
  compile: (piece: Piece) => Compiled,
  broken: (key: string, problem: Fault) => Compiled,
): Map<string, Compiled> {
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
