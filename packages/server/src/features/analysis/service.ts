import {
  DEFAULT_STATISTICS_SETTINGS,
  type ExperimentAlertList,
  type ExperimentResults,
  METRIC_ROLES,
  type ResultsQuery,
  type StatisticsSettings,
} from '@tabula/protocol';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeBus } from '../../db/change-bus';
import type { ClickHouse } from '../../db/clickhouse/connection';
import type { Database } from '../../db/client';
import { project } from '../../db/schema';
import { conflict } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type ExperimentDetails, getExperiment } from '../experiments/service';
import { getMetric, type Metric } from '../metrics/service';
import { enqueueWebhookEvent } from '../webhooks/service';
import type { AggregationScope } from './aggregate';
import { aggregateSums } from './aggregate-sums';
import { countAlertsInPhase, selectAlerts, toExperimentAlert } from './alert-store';
import { resultsPeriods } from './bandit-periods';
import type { Limiter } from './limiter';
import { raiseAlerts } from './raise-alerts';
import { computeResults, type ResultsMetric, sampleRatioMismatched, sampleRatioTest } from './results';
import {
  claimSnapshot,
  finishSnapshot,
  type SnapshotRow,
  type SnapshotTrigger,
  selectLastSucceeded,
  selectSnapshots,
} from './snapshots';
import type { SnapshotData } from './types';

/** The share done of each refresh this process runs, by snapshot id. */
export type ProgressBoard = Map<string, number>;

/**
 * What running refreshes takes: the database, where the events are, where their progress is shown, the log, the
 * connections one refresh shares its work over (see aggregate), and the limit on refreshes running at once.
 */
export interface RefreshContext {
  db: Database;
  /** Where the aggregation's long statements run, when the events are in the SQL database. */
  analysisDb: Database;
  /** Where the events are and the aggregation runs, when configured. */
  clickhouse: ClickHouse | null;
  progress: ProgressBoard;
  log: FastifyBaseLogger;
  connections: number;
  limit: Limiter;
  /** Told when an alert stopped an experiment: its flags' and experiments' SDK payloads change. */
  changes: Pick<ChangeBus, 'notifyProjectChanged'>;
  /** Told how long each refresh took once it ends (for monitoring). */
  onRefreshed?: (seconds: number, succeeded: boolean) => void;
}

/**
 * Refreshes one process runs at once; the others wait, their progress at 0. A refresh holds one connection more than
 * it shares its work over, waiting for the others: refreshes without end could take every connection of the pool and
 * leave none for their shards.
 */
export const MAX_RUNNING_REFRESHES = 2;

/** The experiment's metrics with their roles, from the library; a key the library no longer has is left out. */
export async function experimentMetrics(db: Database, experiment: ExperimentDetails) {
  const entries: { metric: Metric; role: (typeof METRIC_ROLES)[number] }[] = [];
  for (const role of METRIC_ROLES) {
    for (const key of experiment.metrics[role]) {
      const metric = await getMetric(db, experiment.projectId, key).catch(() => null);
      if (metric) entries.push({ metric, role });
    }
  }
  return entries;
}

const phaseStart = (experiment: ExperimentDetails): Date | null => experiment.phaseStartedAt ?? experiment.startedAt;

/**
 * Webhooks hear of a sample ratio mismatch when a refresh first finds one in the phase, not on every refresh while it
 * lasts; the outbox row commits with the snapshot that found it.
 */
async function announceSampleRatioMismatch(
  tx: Database,
  experiment: ExperimentDetails,
  previous: SnapshotData | undefined,
  data: SnapshotData,
) {
  // A bandit's weights change by design (see raiseAlerts).
  if (experiment.bandit || !sampleRatioMismatched(experiment.versions, data.versions)) return;
  if (previous && sampleRatioMismatched(experiment.versions, previous.versions)) return;
  const srm = sampleRatioTest(experiment.versions, data.versions)!;
  await enqueueWebhookEvent(tx, {
    projectId: experiment.projectId,
    type: 'experiment.srm_detected',
    actor: null,
    data: {
      key: experiment.key,
      name: experiment.name,
      phase: experiment.phase,
      pValue: srm.pValue,
      versions: experiment.versions.map((version) => ({
        key: version.key,
        weight: version.weight,
        units: data.versions.find((entry) => entry.key === version.key)?.units ?? 0,
      })),
    },
  });
}

/**
 * Claims a refresh of the experiment as of now and starts it: `done` settles once the new snapshot is stored, or its
 * failure recorded (it never rejects). Refused while another refresh of the experiment runs, and before it started.
 */
export async function refreshExperiment(
  { db, analysisDb, clickhouse, progress, log, connections, limit, changes, onRefreshed }: RefreshContext,
  target: { projectId: string; key: string; trigger: SnapshotTrigger; dueBefore?: Date },
): Promise<{ snapshot: SnapshotRow; done: Promise<void> }> {
  const experiment = await getExperiment(db, target.projectId, target.key);
  const from = phaseStart(experiment);
  if (!from) throw conflict(`Experiment "${target.key}" has not started: there are no results to refresh yet`);
  const coversTo = experiment.status === 'stopped' && experiment.stoppedAt ? experiment.stoppedAt : new Date();
  const snapshot = await claimSnapshot(
    db,
    {
      id: newId(),
      projectId: target.projectId,
      experimentId: experiment.id,
      phase: experiment.phase,
      coversFrom: from,
      coversTo,
      trigger: target.trigger,
    },
    target.dueBefore,
  );
  if (!snapshot) throw conflict(`The results of "${target.key}" are being refreshed already`);
  progress.set(snapshot.id, 0);
  let startedAt = 0;
  const run = async () => {
    startedAt = performance.now();
    const metrics = await experimentMetrics(db, experiment);
    const scope: AggregationScope = {
      projectId: target.projectId,
      experimentKey: experiment.key,
      versionKeys: experiment.versions.map((version) => version.key),
      from,
      until: coversTo,
      hourly: experiment.bandit !== null,
    };
    const analysed = metrics.map(({ metric }) => metric);
    const onProgress = (done: number) => progress.set(snapshot.id, done);
    const data = await aggregateSums({ clickhouse, analysisDb }, scope, analysed, { connections, onProgress });
    const guardrails = metrics
      .filter(({ role }) => role === 'guardrails')
      .map(({ metric, role }): ResultsMetric => ({ metric, role, sums: data.metrics[metric.key] ?? [] }));
    const { stopped } = await db.transaction(async (tx) => {
      const previous = await selectLastSucceeded(tx, experiment.id, experiment.phase);
      await finishSnapshot(tx, snapshot.id, { data });
      await announceSampleRatioMismatch(tx, experiment, previous?.data as SnapshotData | undefined, data);
      const settings = await statisticsSettings(tx, target.projectId);
      const periods = await resultsPeriods(tx, experiment);
      return raiseAlerts(tx, { experiment, snapshotId: snapshot.id, data, guardrails, settings, periods });
    });
    if (stopped) await changes.notifyProjectChanged(target.projectId);
    onRefreshed?.((performance.now() - startedAt) / 1000, true);
  };
  const done = limit(run)
    .catch(async (error: unknown) => {
      if (startedAt > 0) onRefreshed?.((performance.now() - startedAt) / 1000, false);
      log.error({ err: error, experiment: target.key }, 'could not refresh the results');
      await finishSnapshot(db, snapshot.id, { error: error instanceof Error ? error.message : String(error) });
    })
    .catch((error: unknown) => log.error({ err: error }, 'could not record a failed refresh'))
    .finally(() => progress.delete(snapshot.id));
  return { snapshot, done };
}

export async function statisticsSettings(db: Database, projectId: string): Promise<StatisticsSettings> {
  const [row] = await db.select({ statistics: project.statistics }).from(project).where(eq(project.id, projectId));
  return row?.statistics ?? DEFAULT_STATISTICS_SETTINGS;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The experiment's results from its last succeeded snapshot, read with the project's method and the page's toggles. */
export async function experimentResults(
  db: Database,
  progress: ProgressBoard,
  projectId: string,
  key: string,
  options: ResultsQuery,
): Promise<ExperimentResults> {
  const experiment = await getExperiment(db, projectId, key);
  const [settings, snapshots, succeeded, metrics, periods] = await Promise.all([
    statisticsSettings(db, projectId),
    selectSnapshots(db, experiment.id, experiment.phase),
    selectLastSucceeded(db, experiment.id, experiment.phase),
    experimentMetrics(db, experiment),
    resultsPeriods(db, experiment),
  ]);
  const data = (succeeded?.data ?? { versions: [], metrics: {} }) as unknown as SnapshotData;
  const shown = succeeded ?? snapshots.latest;
  const computed = computeResults({
    versions: experiment.versions,
    periods,
    exposures: data.versions,
    metrics: metrics.map(({ metric, role }): ResultsMetric => ({ metric, role, sums: data.metrics[metric.key] ?? [] })),
    settings,
    options,
    freshness: { finishedAt: succeeded?.finishedAt ?? null, running: experiment.status === 'running', now: new Date() },
  });
  return {
    snapshot: shown && {
      status: shown.status,
      trigger: shown.trigger as SnapshotTrigger,
      coversFrom: shown.coversFrom.toISOString(),
      coversTo: shown.coversTo.toISOString(),
      startedAt: shown.startedAt.toISOString(),
      finishedAt: iso(shown.finishedAt),
      // The last attempt's failure shows even while older results are on screen.
      error: snapshots.latest?.status === 'failed' ? snapshots.latest.error : null,
    },
    refreshing: snapshots.running && {
      startedAt: snapshots.running.startedAt.toISOString(),
      progress: progress.get(snapshots.running.id) ?? null,
    },
    method: settings.method,
    alpha: settings.alpha,
    decisionThreshold: settings.decisionThreshold,
    correction: settings.correction,
    options,
    versions: experiment.versions.map((version) => {
      const exposure = data.versions.find((entry) => entry.key === version.key);
      return {
        key: version.key,
        name: version.name,
        weight: version.weight,
        units: exposure?.units ?? 0,
        multipleExposures: exposure?.multipleExposures ?? 0,
      };
    }),
    ...computed,
    health: succeeded ? computed.health : null,
  };
}

/** The experiment's alerts of every phase, newest first. */
export async function experimentAlerts(db: Database, projectId: string, key: string): Promise<ExperimentAlertList> {
  const experiment = await getExperiment(db, projectId, key);
  return { alerts: (await selectAlerts(db, projectId, experiment.id)).map(toExperimentAlert) };
}

/** How many alerts each experiment (by id) has in its current phase: the console's badge. */
export const openAlertCounts = (
  db: Database,
  projectId: string,
  experiments: { id: string; phase: number }[],
): Promise<Map<string, number>> => countAlertsInPhase(db, projectId, experiments);
