import { experimentListQuerySchema, metricListQuerySchema } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { listKeys } from '../api-keys/service';
import { demoClientKeyOf } from '../demo/service';
import { listExperiments } from '../experiments/service';
import { lastFlagEvaluation } from '../flags/service';
import { listMetrics } from '../metrics/service';
import { type ChecklistItem, checklistOf, latest } from './checklist';

export interface GettingStarted {
  items: ChecklistItem[];
  demoClientKey: string | null;
}

// One row is enough: the total counts every metric, and ordering by start date puts a started experiment first.
const ANY_METRIC = metricListQuerySchema.parse({ status: 'all', limit: 1 });
const LAST_STARTED_EXPERIMENT = experimentListQuerySchema.parse({ sort: 'startedAt', order: 'desc', limit: 1 });

export async function gettingStarted(db: Database, projectId: string): Promise<GettingStarted> {
  const [keys, flagEvaluatedAt, metrics, experiments] = await Promise.all([
    listKeys(db, projectId),
    lastFlagEvaluation(db, projectId),
    listMetrics(db, projectId, ANY_METRIC),
    listExperiments(db, projectId, LAST_STARTED_EXPERIMENT),
  ]);
  // The same keys the integration page checks: revoked ones no longer speak for a page.
  const clientKeys = keys.filter((key) => key.kind === 'client' && !key.revokedAt);
  const items = checklistOf({
    sdkSeenAt: latest(clientKeys.map((key) => key.lastUsedAt)),
    flagEvaluatedAt,
    metrics: metrics.total,
    experimentStartedAt: experiments.experiments[0]?.startedAt ?? null,
  });
  return { items, demoClientKey: demoClientKeyOf(keys) };
}
