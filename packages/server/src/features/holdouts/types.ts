import type { PayloadHoldout } from '@tabula/protocol';

/** A holdout as its use cases see it: its experiment row (kind `holdout`) and what the holdout table adds. */
export interface Holdout {
  experimentId: string;
  projectId: string;
  key: string;
  name: string;
  description: string;
  /** Basis points held out: the weight of the version `holdout`. */
  percent: number;
  salt: string;
  metrics: string[];
  experiments: boolean;
  flags: string[];
  status: 'running' | 'stopped';
  startedAt: Date | null;
  stoppedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the SDK payload needs of the project's running holdout: who is held out, and what it covers. */
export interface HoldoutCover {
  holdout: PayloadHoldout;
  experiments: boolean;
  flags: string[];
}
