import type { MetricCapping, MetricCuped, MetricRatio, MetricSource, MetricType, MetricUsage } from '@tabula/protocol';

/** A metric of the project's library: what to count for each unit, and how its results are read. */
export interface Metric {
  id: string;
  projectId: string;
  key: string;
  name: string;
  description: string;
  tags: string[];
  type: MetricType;
  source: MetricSource;
  ratio: MetricRatio | null;
  /** Null: events count until the experiment ends. */
  windowHours: number | null;
  direction: 'higher' | 'lower';
  capping: MetricCapping;
  cuped: MetricCuped;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A metric with the experiments that use it. */
export interface MetricDetails extends Metric {
  experiments: MetricUsage[];
}

/** What a use case writes; the key is set once, at creation. */
export type MetricChanges = Partial<
  Pick<
    Metric,
    'name' | 'description' | 'tags' | 'type' | 'source' | 'ratio' | 'windowHours' | 'direction' | 'capping' | 'cuped'
  >
>;
