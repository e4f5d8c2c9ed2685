import type { CreateHoldoutBody, UpdateHoldoutBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { conflict, invalidField, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import { listFlagKeys } from '../flags/service';
import { holdMetricKeys } from '../metrics/service';
import { newSalt } from './salt';
import {
  insertHoldout,
  lockHoldout,
  selectActiveHoldout,
  selectHoldout,
  selectHoldouts,
  selectKeyTaken,
  stopHoldoutRows,
  updateHoldoutRows,
} from './store';
import type { Holdout, HoldoutCover } from './types';

export type { Holdout, HoldoutCover } from './types';

const snapshot = ({ key, name, description, percent, metrics, experiments, flags, status }: Holdout) => ({
  key,
  name,
  description,
  percent,
  metrics,
  experiments,
  flags,
  status,
});

const audit = (tx: Database, acting: Acting, action: string, holdout: Holdout, before: unknown, after: unknown) =>
  recordAudit(tx, {
    ...acting,
    projectId: holdout.projectId,
    action,
    entityType: 'holdout',
    entityId: holdout.experimentId,
    before,
    after,
  });

/** Every key must name a metric of the project (held against deletion until commit), and every flag one of its flags. */
async function checkReferences(
  tx: Database,
  projectId: string,
  { metrics, flags }: { metrics?: string[] | undefined; flags?: string[] | undefined },
): Promise<void> {
  if (metrics) {
    const known = new Set(await holdMetricKeys(tx, projectId, metrics));
    metrics.forEach((key, index) => {
      if (!known.has(key)) throw invalidField(`metrics.${index}`, `There is no metric "${key}"`);
    });
  }
  if (flags) {
    const known = new Set(await listFlagKeys(tx, projectId));
    flags.forEach((key, index) => {
      if (!known.has(key)) throw invalidField(`flags.${index}`, `There is no flag "${key}"`);
    });
  }
}

const unique = (keys: string[]): string[] => [...new Set(keys)];

/** The running one first, then those stopped, newest first. */
export const listHoldouts = (db: Database, projectId: string): Promise<Holdout[]> => selectHoldouts(db, projectId);

/** The holdout of that key, or null: what a change request about one that does not exist yet reads. */
export const findHoldout = (db: Database, projectId: string, key: string): Promise<Holdout | null> =>
  selectHoldout(db, projectId, key).then((holdout) => holdout ?? null);

export async function getHoldout(db: Database, projectId: string, key: string): Promise<Holdout> {
  const holdout = await findHoldout(db, projectId, key);
  if (!holdout) throw notFound('Holdout');
  return holdout;
}

/** Created running: units are held out from the next payload on. A project has at most one running holdout. */
export async function createHoldout(
  tx: Database,
  acting: Acting,
  projectId: string,
  input: CreateHoldoutBody,
): Promise<Holdout> {
  const metrics = unique(input.metrics);
  const flags = unique(input.flags);
  await checkReferences(tx, projectId, { metrics, flags });
  const running = await selectActiveHoldout(tx, projectId);
  if (running) throw conflict(`Holdout "${running.key}" is running: stop it before starting another`);
  if (await selectKeyTaken(tx, projectId, input.key)) {
    throw conflict(`This project already has an experiment or holdout with key "${input.key}"`);
  }
  await insertHoldout(tx, {
    ...input,
    id: newId(),
    projectId,
    metrics,
    flags,
    salt: newSalt(),
    ownerId: acting.actor.kind === 'user' ? acting.actor.id : null,
    versionIds: [newId(), newId()],
    now: new Date(),
  });
  const holdout = await getHoldout(tx, projectId, input.key);
  await audit(tx, acting, 'holdout.created', holdout, null, snapshot(holdout));
  return holdout;
}

async function lockedHoldout(tx: Database, projectId: string, key: string): Promise<Holdout> {
  const found = await getHoldout(tx, projectId, key);
  await lockHoldout(tx, found.experimentId);
  return getHoldout(tx, projectId, key);
}

/** A stopped holdout keeps what it was: its report is about the units it held out then. */
export async function updateHoldout(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  changes: UpdateHoldoutBody,
): Promise<Holdout> {
  const before = await lockedHoldout(tx, projectId, key);
  if (before.status === 'stopped') throw conflict(`Holdout "${key}" is stopped and can no longer change`);
  const settled = {
    ...changes,
    metrics: changes.metrics && unique(changes.metrics),
    flags: changes.flags && unique(changes.flags),
  };
  await checkReferences(tx, projectId, settled);
  await updateHoldoutRows(tx, before.experimentId, settled);
  const after = await getHoldout(tx, projectId, key);
  await audit(tx, acting, 'holdout.updated', before, snapshot(before), snapshot(after));
  return after;
}

/** Everyone gets everything shipped from the next payload on; the report keeps the units exposed until now. */
export async function stopHoldout(tx: Database, acting: Acting, projectId: string, key: string): Promise<Holdout> {
  const before = await lockedHoldout(tx, projectId, key);
  if (before.status === 'stopped') throw conflict(`Holdout "${key}" is stopped already`);
  await stopHoldoutRows(tx, before.experimentId, new Date());
  const after = await getHoldout(tx, projectId, key);
  await audit(tx, acting, 'holdout.stopped', before, snapshot(before), snapshot(after));
  return after;
}

/** What the SDK payload carries of the project's running holdout; null when none runs. */
export async function runningHoldoutCover(db: Database, projectId: string): Promise<HoldoutCover | null> {
  const running = await selectActiveHoldout(db, projectId);
  if (!running) return null;
  return {
    holdout: { key: running.key, salt: running.salt, percent: running.percent },
    experiments: running.experiments,
    flags: running.flags,
  };
}
