import type { ConversionArm, MeanArm } from '@tabula/stats';
import { equalWeights, thompsonWeights } from '@tabula/stats';
import type { Database } from '../../db/client';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import { type ExperimentDetails, getExperiment, setBanditWeights } from '../experiments/service';
import { getMetric } from '../metrics/service';
import { getProject } from '../projects/service';
import { aggregateSums } from './aggregate-sums';
import {
  type BanditPeriodRow,
  claimBandit,
  insertPeriod,
  lockBanditPeriods,
  releaseBandit,
  selectPeriods,
} from './bandit-store';
import { nextWholeHour } from './buckets';
import { armOf, totalsByVersion, zero } from './results';
import type { RefreshContext } from './service';

const HOUR_MS = 3_600_000;
/**
 * How long a claim on a bandit holds: longer than its primary metric's aggregation takes. If it runs out first, a
 * second server aggregates too, and the period is still written once (see recomputeBandit).
 */
const CLAIM_LEASE_MS = 15 * 60_000;

/**
 * When the period after one that began at `last` is due: `scheduleMinutes` (whole hours) after the hour it began in,
 * so that every period after the first begins on a whole hour and the hourly sums tell the periods apart.
 */
export const nextPeriodDue = (last: Date, scheduleMinutes: number): number =>
  Math.floor(last.getTime() / HOUR_MS) * HOUR_MS + scheduleMinutes * 60_000;

/** What one recomputation decided: the new period's weights, and the probabilities behind them (null: burn-in). */
interface NextWeights {
  weights: number[];
  probabilities: number[] | null;
}

// FNV-1a, 32 bits: the generator's seed from the period's identity, so a recomputation is reproducible.
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash === 0 ? 1 : hash;
}

const byKey = (experiment: ExperimentDetails, values: number[]) =>
  Object.fromEntries(experiment.versions.map((version, index) => [version.key, values[index] as number]));

/** Each version's units and primary-metric sums over the phase so far, as the results count them. */
async function primaryArms(context: RefreshContext, experiment: ExperimentDetails, from: Date, until: Date) {
  const metric = await getMetric(context.db, experiment.projectId, experiment.metrics.primary[0] as string);
  const scope = {
    projectId: experiment.projectId,
    experimentKey: experiment.key,
    versionKeys: experiment.versions.map((version) => version.key),
    from,
    until,
  };
  // Waits its turn with refreshes, as breakdowns and baselines do: it scans the same events.
  const data = await context.limit(() => aggregateSums(context, scope, [metric]));
  const totals = totalsByVersion(data.metrics[metric.key] ?? []);
  const arms = experiment.versions.map(
    (version) => armOf(metric.type, totals.get(version.key) ?? zero(), false) as ConversionArm | MeanArm,
  );
  return { arms, lowerIsBetter: metric.direction === 'lower' };
}

/**
 * The weights of the period that starts now: equal during the burn-in, then Thompson sampling on the primary metric;
 * null when nothing would change (a burn-in period already in force).
 */
async function nextWeights(
  context: RefreshContext,
  experiment: ExperimentDetails,
  last: BanditPeriodRow | undefined,
  now: Date,
): Promise<NextWeights | null> {
  const bandit = experiment.bandit!;
  const from = experiment.phaseStartedAt ?? experiment.startedAt ?? now;
  // A burn-in ends on a whole hour, as every period after the first begins.
  const burnInEnd = bandit.burnInHours > 0 ? nextWholeHour(from.getTime() + bandit.burnInHours * HOUR_MS) : 0;
  if (now.getTime() < burnInEnd) {
    if (last && last.probabilities === null) return null;
    return { weights: equalWeights(experiment.versions.length), probabilities: null };
  }
  const { arms, lowerIsBetter } = await primaryArms(context, experiment, from, now);
  const index = last ? last.index + 1 : 0;
  const { weights, probabilities } = thompsonWeights(arms, {
    seed: seedOf(`${experiment.id}:${experiment.phase}:${index}`),
    lowerIsBetter,
    minWeight: bandit.minWeight,
  });
  return { weights, probabilities };
}

/**
 * Starts the bandit's next period when it is due (`scheduleMinutes` after the hour its last period began in, or it has
 * none yet): computes the weights, then in one transaction writes the period, sets the versions' weights and audits
 * it as the system. Of servers that all found it due, the one holding its claim does the work and the others skip it;
 * should the claim run out mid-work, the write still re-checks, under the experiment's bandit lock, that no period
 * began since it was due. Returns the period written, or null; the caller rebuilds the payloads after it committed.
 */
export async function recomputeBandit(
  context: RefreshContext,
  target: { projectId: string; key: string },
  now = new Date(),
): Promise<BanditPeriodRow | null> {
  const experiment = await getExperiment(context.db, target.projectId, target.key);
  if (experiment.status !== 'running' || experiment.bandit === null) return null;
  const holder = newId();
  if (!(await claimBandit(context.db, experiment.id, holder, CLAIM_LEASE_MS))) return null;
  try {
    return await startPeriodIfDue(context, experiment, now);
  } finally {
    await releaseBandit(context.db, experiment.id, holder);
  }
}

async function startPeriodIfDue(
  context: RefreshContext,
  experiment: ExperimentDetails,
  now: Date,
): Promise<BanditPeriodRow | null> {
  const { scheduleMinutes } = experiment.bandit!;
  const isDue = (last: BanditPeriodRow | undefined) =>
    !last || nextPeriodDue(last.startedAt, scheduleMinutes) <= now.getTime();
  // Read under the claim: a server that held it until a moment ago may have written the period just now.
  const seen = (await selectPeriods(context.db, experiment.id, experiment.phase)).at(-1);
  if (!isDue(seen)) return null;
  const next = await nextWeights(context, experiment, seen, now);
  if (!next) return null;
  return context.db.transaction(async (tx) => {
    await lockBanditPeriods(tx, experiment.id);
    const current = await getExperiment(tx, experiment.projectId, experiment.key, true);
    const unchanged =
      current.status === 'running' &&
      current.bandit !== null &&
      current.phase === experiment.phase &&
      current.versions.map((version) => version.key).join() === experiment.versions.map((v) => v.key).join();
    const last = (await selectPeriods(tx, experiment.id, experiment.phase)).at(-1);
    if (!unchanged || !isDue(last) || last?.index !== seen?.index) return null;
    const period = await insertPeriod(tx, {
      id: newId(),
      projectId: experiment.projectId,
      experimentId: experiment.id,
      phase: experiment.phase,
      index: last ? last.index + 1 : 0,
      startedAt: now,
      weights: byKey(experiment, next.weights),
      probabilities: next.probabilities && byKey(experiment, next.probabilities),
    });
    if (!period) return null;
    await setBanditWeights(tx, experiment.id, period.weights);
    await auditPeriod(tx, current, period);
    return period;
  });
}

async function auditPeriod(tx: Database, experiment: ExperimentDetails, period: BanditPeriodRow) {
  const project = await getProject(tx, experiment.projectId);
  const system: Acting = { organizationId: project.organizationId, actor: { kind: 'system', id: null, name: null } };
  await recordAudit(tx, {
    ...system,
    projectId: experiment.projectId,
    action: 'experiment.bandit_period_started',
    entityType: 'experiment',
    entityId: experiment.id,
    before: {
      key: experiment.key,
      weights: byKey(
        experiment,
        experiment.versions.map((version) => version.weight),
      ),
    },
    after: {
      key: experiment.key,
      phase: period.phase,
      period: period.index,
      weights: period.weights,
      probabilities: period.probabilities,
    },
  });
}
