import {
  EXPERIMENT_TRANSITIONS,
  type ExperimentAction,
  type ExperimentStatus,
  type FieldIssue,
} from '@tabula/protocol';
import { AppError, conflict } from '../../http/app-error';
import type { ExperimentKind, VersionInput } from './types';
import { versionIssues } from './versions';

type Subject = { key: string; status: ExperimentStatus };

const DONE: Record<ExperimentAction | 'delete', string> = {
  start: 'started',
  pause: 'paused',
  stop: 'stopped',
  archive: 'archived',
  delete: 'deleted',
};

/** Only drafts (nothing to lose) and archived experiments (put away on purpose) can be deleted. */
const DELETABLE: readonly ExperimentStatus[] = ['draft', 'archived'];

/** Refuses what the experiment's status does not allow, naming the status it is in. */
export function checkStatus(experiment: Subject, action: ExperimentAction | 'delete'): void {
  const allowed: readonly ExperimentStatus[] = action === 'delete' ? DELETABLE : EXPERIMENT_TRANSITIONS[action];
  if (allowed.includes(experiment.status)) return;
  throw conflict(
    `Experiment "${experiment.key}" is ${experiment.status}: only a ${allowed.join(' or ')} experiment can be ${DONE[action]}`,
  );
}

/** What an experiment must have before units can enter it. */
export function startIssues(experiment: {
  kind: ExperimentKind;
  traffic: number;
  page: unknown;
  versions: readonly VersionInput[];
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (experiment.versions.length < 2) {
    issues.push({ path: 'versions', message: 'Please input at least two versions to compare' });
  }
  issues.push(...versionIssues(experiment.versions));
  if (experiment.traffic <= 0) issues.push({ path: 'traffic', message: 'Please input traffic above 0%' });
  if (experiment.kind === 'visual' && experiment.page === null) {
    issues.push({ path: 'page', message: 'Please input the page a visual experiment runs on' });
  }
  return issues;
}

interface Assignment {
  traffic: number;
  unitAttribute: string;
  versions: readonly Pick<VersionInput, 'key' | 'weight'>[];
}

/**
 * The fields whose change moves units between versions, or in or out of the experiment. Units are split by the
 * versions' weight intervals in list order, so a new order moves them too; a new name or params does not.
 */
export function randomisingChanges(before: Assignment, after: Assignment): string[] {
  const split = (versions: Assignment['versions']) => versions.map((version) => `${version.key}:${version.weight}`);
  const changed: string[] = [];
  if (after.traffic !== before.traffic) changed.push('traffic');
  if (after.unitAttribute !== before.unitAttribute) changed.push('unitAttribute');
  if (split(after.versions).join() !== split(before.versions).join()) changed.push('versions');
  return changed;
}

/** Fields fixed while the experiment holds its layer slots. */
const SLOT_FIELDS = ['layer', 'layerSlots'];
/** What may still change once an experiment has stopped: how it is described, not what it measured. */
const DESCRIPTIVE_FIELDS = ['name', 'hypothesis'];

/**
 * Whether an edit changing `changed` (of which `randomising` move units) is allowed in the experiment's status;
 * throws the conflict that explains why not. A re-randomised running or paused experiment enters a new phase.
 */
export function checkEdit(
  experiment: Subject,
  edit: { changed: readonly string[]; randomising: readonly string[]; reRandomise: boolean },
): { newPhase: boolean } {
  const { key, status } = experiment;
  switch (status) {
    case 'draft':
      return { newPhase: false };
    case 'stopped':
    case 'archived': {
      const fixed = edit.changed.filter((field) => !DESCRIPTIVE_FIELDS.includes(field));
      if (fixed.length > 0) {
        throw new AppError('conflict', `Experiment "${key}" is ${status}: only its name and hypothesis can change`, {
          fields: fixed,
        });
      }
      return { newPhase: false };
    }
    case 'running':
    case 'paused': {
      const slots = edit.changed.filter((field) => SLOT_FIELDS.includes(field));
      if (slots.length > 0) {
        throw new AppError('conflict', `Experiment "${key}" is ${status}: stop it before changing its layer or slots`, {
          fields: slots,
        });
      }
      if (edit.randomising.length === 0) return { newPhase: false };
      if (!edit.reRandomise) {
        throw new AppError(
          'conflict',
          `Experiment "${key}" is ${status}: adding or removing versions, or changing the traffic, the weights or the unit attribute, moves visitors to other versions. Saving it starts a new phase, whose results count from then on; confirm re-randomising (reRandomise: true) to save it.`,
          { requires: 'reRandomise', fields: edit.randomising },
        );
      }
      return { newPhase: true };
    }
  }
}
