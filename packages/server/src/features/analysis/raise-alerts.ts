import {
  type AlertFinding,
  AUTO_STOP_ALERT_KINDS,
  EXPERIMENT_TRANSITIONS,
  type ExperimentStatus,
  type StatisticsSettings,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import { type ExperimentDetails, getExperiment, stopExperiment } from '../experiments/service';
import { rollOutExperiment } from '../flags/service';
import { getProject } from '../projects/service';
import { insertNewAlerts, markAlertStoppedExperiment, toExperimentAlert } from './alert-store';
import { describeAlert, detectAlerts } from './alerts';
import type { BanditPeriodInput, ResultsMetric } from './results';
import type { SnapshotData } from './types';

export interface AlertCheck {
  experiment: ExperimentDetails;
  snapshotId: string;
  data: SnapshotData;
  guardrails: ResultsMetric[];
  settings: StatisticsSettings;
  periods?: BanditPeriodInput[];
}

const stoppable = (status: ExperimentStatus) => (EXPERIMENT_TRANSITIONS.stop as readonly string[]).includes(status);

/**
 * Stops the experiment with a rollback to control when its `autoStop` is on and the snapshot shows a guardrail
 * regression or a sample ratio mismatch, whether first raised now or earlier in the phase (autoStop may have been
 * switched on since). Flag rules serving it serve the control's value from now on. Returns whether it stopped it.
 */
async function stopOnAlert(tx: Database, system: Acting, check: AlertCheck, findings: AlertFinding[]) {
  const [cause, ...more] = findings.filter((finding) => AUTO_STOP_ALERT_KINDS.includes(finding.kind));
  if (!cause) return false;
  const { projectId, key } = check.experiment;
  // Read again, locked: someone may have stopped it, or switched autoStop off, while the refresh ran.
  const current = await getExperiment(tx, projectId, key, true);
  if (!current.autoStop || current.phase !== check.experiment.phase || !stoppable(current.status)) return false;
  const also = more.length > 0 ? ` (and ${more.length} more alert${more.length > 1 ? 's' : ''})` : '';
  const note = `Stopped automatically: ${describeAlert(cause)}${also}`.slice(0, 1000);
  await stopExperiment(tx, system, projectId, key, { outcome: 'rollback', note, rollOut: true }, rollOutExperiment, {
    alert: cause,
    moreAlerts: more.length,
  });
  await markAlertStoppedExperiment(tx, { experimentId: current.id, phase: current.phase, finding: cause });
  return true;
}

/**
 * After a refresh, in its transaction: stores the alerts its snapshot calls for, audits (and so announces, through
 * the `experiment.alert_raised` webhook) each one the first time it is raised in the phase, and stops the
 * experiment where it asks for that. Acts as the system, as other automatic actions do. Returns whether it stopped.
 */
export async function raiseAlerts(tx: Database, check: AlertCheck): Promise<{ stopped: boolean }> {
  const { experiment, data } = check;
  // A bandit's units came in under weights that changed period by period: its split cannot be checked against the
  // current weights, so a sample ratio "mismatch" would be a false alarm (and would stop it under autoStop).
  const findings = detectAlerts({
    versions: experiment.versions,
    exposures: data.versions,
    guardrails: check.guardrails,
    settings: check.settings,
    periods: check.periods,
  }).filter((finding) => !(experiment.bandit && finding.kind === 'srm'));
  if (findings.length === 0) return { stopped: false };
  const raised = await insertNewAlerts(
    tx,
    findings.map((finding) => ({
      id: newId(),
      projectId: experiment.projectId,
      experimentId: experiment.id,
      phase: experiment.phase,
      snapshotId: check.snapshotId,
      kind: finding.kind,
      metric: finding.metric ?? '',
      version: finding.version ?? '',
      figures: finding.figures,
    })),
  );
  const project = await getProject(tx, experiment.projectId);
  const system: Acting = { organizationId: project.organizationId, actor: { kind: 'system', id: null, name: null } };
  for (const row of raised) {
    const alert = toExperimentAlert(row);
    await recordAudit(tx, {
      ...system,
      projectId: experiment.projectId,
      action: 'experiment.alert_raised',
      entityType: 'experiment',
      entityId: experiment.id,
      after: { key: experiment.key, name: experiment.name, summary: describeAlert(alert), alert },
    });
  }
  return { stopped: await stopOnAlert(tx, system, check, findings) };
}
