import type { Condition, JsonValue } from '@tabula/protocol';

export type ExperimentKind = 'ab' | 'visual';
export type ExperimentStatus = 'draft' | 'running' | 'paused' | 'stopped' | 'archived';
export type PageMatch = 'exact' | 'fuzzy';

/** Experiments of one layer own disjoint slot ranges of it, so a unit enters at most one of them. */
export interface Layer {
  id: string;
  projectId: string;
  key: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

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
  slotStart: number | null;
  slotEnd: number | null;
  pageUrl: string | null;
  pageMatch: PageMatch;
  integrationConfigured: boolean;
  startedAt: Date | null;
  stoppedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A running experiment with what the SDK needs beside it: its layer's key and its versions in order. */
export interface RunningExperiment extends Experiment {
  layerKey: string | null;
  versions: ExperimentVersion[];
}
