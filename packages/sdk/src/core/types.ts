import type { ExperimentAssignment, FlagDetails } from '@tabula/protocol';

/** What the host page knows about the visitor; the unit id is one of these (`id` unless told otherwise). */
export type Attributes = Record<string, unknown>;

/** Keeps a unit in the version it first saw until the experiment is re-randomised (a new phase). */
export interface StickyAssignments {
  get(experimentKey: string, unit: string): { version: string; phase: number } | undefined;
  set(experimentKey: string, unit: string, value: { version: string; phase: number }): void;
}

export interface EvaluationOptions {
  /** experimentKey → versionKey, for QA (URL parameter and options); wins over every other rule. */
  forcedVersions?: Readonly<Record<string, string>>;
  sticky?: StickyAssignments;
  /** Unknown operators, bad regexes, broken payload pieces and failing stores land here; nothing is thrown. */
  onError?: (error: Error) => void;
  /**
   * Hears the unit's exposure to the project's holdout (version `holdout` or `general`) each time an experiment or flag
   * the holdout covers is evaluated for it: a held-out unit gets no assignment whose exposure would say so.
   */
  expose?: (experiment: string, version: string, unit: string) => void;
}

/** Present when an experiment rule served the value, so the client logs an exposure; absent for forced versions. */
export interface FlagResult extends FlagDetails {
  exposure?: { experiment: string; version: string; unit: string };
}

/**
 * `forced` marks a QA-forced version: the client does not log an exposure for it. Otherwise `unit` is the unit the
 * version was assigned to, whose exposure it is.
 */
export interface Assignment extends ExperimentAssignment {
  forced?: true;
  unit?: string;
}

export interface Evaluator {
  flag(key: string, attributes: Attributes, options?: EvaluationOptions): FlagResult;
  experiment(key: string, attributes: Attributes, options?: EvaluationOptions): Assignment | null;
  allFlags(attributes: Attributes, options?: EvaluationOptions): Record<string, FlagResult>;
  allExperiments(attributes: Attributes, options?: EvaluationOptions): Record<string, Assignment>;
}

/** One flag compiled for evaluation; `results` and `depth` carry a prerequisite chain's state. */
export type CompiledFlag = (
  attributes: Attributes,
  options: EvaluationOptions,
  results?: Map<string, FlagResult | undefined>,
  depth?: number,
) => FlagResult;
