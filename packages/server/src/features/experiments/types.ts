import type {
  BanditSettings,
  Condition,
  DecisionRule,
  ExperimentDecision,
  ExperimentMetrics,
  ExperimentStatus,
  JsonValue,
  UserSummary,
} from '@tabula/protocol';

/** `holdout`: a project's holdout (features/holdouts), which this feature reads but never lists, delivers or changes. */
export type ExperimentKind = 'ab' | 'visual' | 'holdout';
export type PageMatch = 'exact' | 'fuzzy';

export interface ExperimentVersion {
  id: string;
  experimentId: string;
  key: string;
  name: string;
  /** Basis points; an experiment's versions add up to 10000. */
  weight: number;
  isControl: boolean;
  params: Record<string, JsonValue>;
  changeRecords: unknown[];
  position: number;
}

export interface Experiment {
  id: string;
  projectId: string;
  key: string;
  name: string;
  hypothesis: string;
  kind: ExperimentKind;
  status: ExperimentStatus;
  unitAttribute: string;
  traffic: number;
  phase: number;
  conditions: Condition[];
  segments: string[];
  layerId: string | null;
  /** How many of its layer's slots it needs; the range below is held only while running or paused. */
  layerSlots: number;
  slotStart: number | null;
  slotEnd: number | null;
  pageUrl: string | null;
  pageOpenUrl: string | null;
  pageMatch: PageMatch;
  integrationConfigured: boolean;
  metrics: ExperimentMetrics;
  decision: ExperimentDecision | null;
  /** A guardrail regression or sample ratio mismatch found by a refresh stops it and rolls back to control. */
  autoStop: boolean;
  /** How many days it is planned to run; null when not planned. */
  plannedDays: number | null;
  /** What the results must show to ship or roll back; null when none was agreed. */
  decisionRule: DecisionRule | null;
  /** Thompson sampling settings; null for fixed weights. */
  bandit: BanditSettings | null;
  ownerId: string | null;
  startedAt: Date | null;
  /** When the current phase began: the first start, or the last re-randomisation. */
  phaseStartedAt: Date | null;
  stoppedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An experiment with what the SDK needs beside it: its layer's key and its versions in order. */
export interface ExperimentWithVersions extends Experiment {
  layerKey: string | null;
  versions: ExperimentVersion[];
}

/** Only running experiments are delivered to SDKs; a holdout is not one of them. */
export type RunningExperiment = ExperimentWithVersions & { kind: Exclude<ExperimentKind, 'holdout'> };

/** An experiment with its owner; the API adds how many units it has exposed so far (see exposedUnits). */
export interface ExperimentDetails extends ExperimentWithVersions {
  owner: UserSummary | null;
}

/** A version as a use case writes it: the editor's change records are kept by key, never set here. */
export type VersionInput = Pick<ExperimentVersion, 'key' | 'name' | 'weight' | 'isControl' | 'params'>;
