import type { FlagMetadata, FlagRule, FlagType, Prerequisite, StaleReason, Variant } from '@tabula/protocol';

export interface Flag {
  id: string;
  projectId: string;
  key: string;
  name: string;
  description: string;
  type: FlagType;
  variants: Variant[];
  /** Served when the flag is on and no rule matches; null serves the code's own default value. */
  defaultVariant: string | null;
  /** Served while the flag is off; null serves the code's own default value. */
  offVariant: string | null;
  tags: string[];
  metadata: FlagMetadata;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A flag as one environment sees it: whether it is on there and its ordered rules. */
export interface EnvironmentFlag extends Flag {
  enabled: boolean;
  rules: FlagRule[];
  prerequisites: Prerequisite[];
}

/** Whether a flag is on in one environment, and its rules there. */
export interface FlagEnvironmentRow {
  flagId: string;
  environmentId: string;
  enabled: boolean;
  rules: FlagRule[];
  prerequisites: Prerequisite[];
  updatedAt: Date;
}

/** One environment's settings of a flag, by environment key; `updatedAt` is null where it was never set. */
export interface FlagEnvironmentState {
  enabled: boolean;
  rules: FlagRule[];
  prerequisites: Prerequisite[];
  updatedAt: Date | null;
  /** When an SDK of the environment last reported evaluating it; null if never. */
  lastEvaluatedAt: Date | null;
}

/** That an SDK of an environment evaluated a flag, as its events batch (or online evaluation) reports it. */
export interface FlagUsageReport {
  projectId: string;
  environmentId: string;
  flagKey: string;
}

/** An SDK's report of evaluating a flag in an environment. */
export interface FlagUsageRow {
  environmentId: string;
  flagKey: string;
  lastEvaluatedAt: Date;
}

/** A flag with its settings in every environment of its project. */
export interface FlagWithEnvironments extends Flag {
  environments: Record<string, FlagEnvironmentState>;
  /** Judged over every environment, even when `environments` holds only some. */
  stale: FlagStaleness;
}

/** Whether a flag is potentially stale, and why (stale.ts). */
export type FlagStaleness = { stale: false } | { stale: true; reason: StaleReason; since: Date | null };

/** One flag's prerequisites in one environment. */
export interface PrerequisiteRow {
  flagKey: string;
  environmentKey: string;
  prerequisites: Prerequisite[];
}
