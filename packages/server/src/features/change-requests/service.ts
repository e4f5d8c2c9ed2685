import type {
  ChangeOperation,
  ChangeRequestChange,
  ChangeRequestListQuery,
  CreateChangeRequestBody,
  CreateRolloutPlanBody,
  UpdateChangeRequestBody,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import { protectedEnvironmentError } from '../../http/access';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../http/app-error';
import { hasRole, type Principal } from '../../http/principal';
import { newId } from '../../lib/ids';
import { type Acting, type Actor, actingOf, actorOf, recordAudit } from '../audit/service';
import { getFlag } from '../flags/service';
import { getProject } from '../projects/service';
import { applyChanges, describeChange, mergeOperations, reachOf, sameTarget } from './operations';
import {
  claimDueChangeRequest,
  countAwaitingReview,
  deleteApprovals,
  insertApproval,
  insertChangeRequest,
  insertComment,
  nextNumber,
  selectChangeRequest,
  selectChangeRequests,
  selectOpenDraft,
  updateChangeRequestRow,
} from './store';
import type { ChangeRequestRecord, ChangeRequestRow } from './types';

export type { ChangeRequestRecord } from './types';

/**
 * A scheduled change that ran this much after its time says so: every server looks each second, so only a time when
 * no server was running (or an approval given after the time) makes one this late.
 */
const LATE_AFTER_MS = 10_000;
const OPEN = new Set(['draft', 'in_review', 'approved']);

const sameActor = (a: Actor, b: Actor) => a.kind === b.kind && a.id === b.id;
export const isAuthor = (record: ChangeRequestRecord, principal: Principal) =>
  sameActor(record.author, actorOf(principal));

/** Reviewing is a person's act, with the right to change protected environments. */
const mayReview = (principal: Principal) =>
  principal.kind === 'user' && principal.protectedEnvironments && hasRole(principal.role, 'editor');

/** What the caller may do with the request now (the console shows these buttons). */
export function permissionsOf(record: ChangeRequestRecord, principal: Principal) {
  const author = isAuthor(record, principal);
  const open = OPEN.has(record.status);
  const reviewing = record.status === 'in_review' && mayReview(principal) && !author;
  return {
    edit: open && author,
    submit: record.status === 'draft' && author,
    approve:
      reviewing &&
      !record.approvals.some((approval) => principal.kind === 'user' && approval.userId === principal.userId),
    reject: reviewing,
    cancel: open && (author || hasRole(principal.role, 'admin')),
  };
}

const auditSnapshot = (record: Pick<ChangeRequestRow, 'number' | 'title' | 'status' | 'scheduledAt' | 'changes'>) => ({
  number: record.number,
  title: record.title,
  status: record.status,
  scheduledAt: record.scheduledAt,
  changes: record.changes.map(({ operation }) => operation),
});

async function audit(tx: Database, acting: Acting, action: string, record: ChangeRequestRecord, extra = {}) {
  await recordAudit(tx, {
    ...acting,
    projectId: record.projectId,
    action,
    entityType: 'change_request',
    entityId: record.id,
    before: null,
    after: { ...auditSnapshot(record), ...extra },
  });
}

export async function getChangeRequest(db: Database, projectId: string, id: string, lock = false) {
  const record = await selectChangeRequest(db, projectId, id, lock);
  if (!record) throw notFound('Change request');
  return record;
}

export async function listChangeRequests(
  db: Database,
  principal: Principal,
  projectId: string,
  query: ChangeRequestListQuery,
) {
  const [page, awaitingYourReview] = await Promise.all([
    selectChangeRequests(db, projectId, query),
    principal.kind === 'user' && mayReview(principal) ? countAwaitingReview(db, projectId, principal.userId) : 0,
  ]);
  return { ...page, awaitingYourReview };
}

const describeAll = async (db: Database, projectId: string, operations: ChangeOperation[]) => {
  const changes: ChangeRequestChange[] = [];
  for (const op of operations) changes.push(await describeChange(db, projectId, op));
  return changes;
};

class DryRun extends Error {}

/** Applies the changes in a savepoint rolled back at once: a change the routes would refuse is refused now. */
async function checkApplies(tx: Database, acting: Acting, projectId: string, changes: ChangeRequestChange[]) {
  try {
    await tx.transaction(async (savepoint) => {
      await applyChanges(savepoint, acting, projectId, changes);
      throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
}

function parseSchedule(scheduledAt: string | null | undefined, path = 'scheduledAt'): Date | null {
  if (!scheduledAt) return null;
  const at = new Date(scheduledAt);
  // A minute of slack: a time picked "now" in a browser arrives a moment late.
  if (at.getTime() < Date.now() - 60_000) throw invalidField(path, 'Please choose a time in the future');
  return at;
}

/**
 * Sends it for review, or, when no environment it reaches asks for approval, approves it (the author then needs the
 * grant for the protected ones, as they would to change them directly) and applies it if its time has come.
 */
async function submit(tx: Database, principal: Principal, record: ChangeRequestRecord): Promise<boolean> {
  const reached = await reachOf(
    tx,
    record.projectId,
    record.changes.map(({ operation }) => operation),
  );
  const unguarded = reached.filter((env) => env.requiredApprovals === 0);
  if (unguarded.length > 0 && !principal.protectedEnvironments) throw protectedEnvironmentError(unguarded);
  const guarded = reached.filter((env) => env.requiredApprovals > 0);
  const requiredApprovals = Math.max(0, ...guarded.map((env) => env.requiredApprovals));
  const now = new Date();
  const submitted: ChangeRequestRecord = {
    ...record,
    status: requiredApprovals > 0 ? 'in_review' : 'approved',
    environments: guarded.map(({ key, name }) => ({ key, name })),
    requiredApprovals,
    submittedAt: now,
    approvals: [],
  };
  await deleteApprovals(tx, record.id);
  await updateChangeRequestRow(tx, record.id, {
    status: submitted.status,
    environments: submitted.environments,
    requiredApprovals,
    submittedAt: now,
  });
  const acting = actingOf(principal);
  if (submitted.status === 'in_review') {
    await audit(tx, acting, 'change_request.submitted', submitted, { requiredApprovals });
    return false;
  }
  if (submitted.scheduledAt) await audit(tx, acting, 'change_request.scheduled', submitted);
  return applyIfDue(tx, submitted, now);
}

/**
 * Applies an approved request whose time has come, in a savepoint: a conflict or a target gone marks it failed
 * with the reason (and the audit trail says so), anything else (the database away) fails the caller's transaction.
 * Returns whether it applied.
 */
async function applyIfDue(tx: Database, record: ChangeRequestRecord, now: Date): Promise<boolean> {
  if (record.status !== 'approved' || (record.scheduledAt && record.scheduledAt > now)) return false;
  const project = await getProject(tx, record.projectId);
  // The change is the author's: its own audit entries name them, as if they had made it.
  const acting: Acting = { organizationId: project.organizationId, actor: record.author };
  const system: Acting = { organizationId: project.organizationId, actor: { kind: 'system', id: null, name: null } };
  const scheduled = record.scheduledAt !== null;
  const lateMs = scheduled ? now.getTime() - record.scheduledAt!.getTime() : 0;
  const lateBySeconds = lateMs > LATE_AFTER_MS ? Math.floor(lateMs / 1000) : null;
  try {
    await tx.transaction((savepoint) => applyChanges(savepoint, acting, record.projectId, record.changes));
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'unavailable' || error.code === 'internal') throw error;
    await updateChangeRequestRow(tx, record.id, { status: 'failed', failure: error.message, lateBySeconds });
    const failed = { ...record, status: 'failed' as const };
    await audit(tx, system, scheduled ? 'scheduled_change.failed' : 'change_request.failed', failed, {
      failure: error.message,
      lateBySeconds,
    });
    return false;
  }
  await updateChangeRequestRow(tx, record.id, { status: 'applied', appliedAt: now, lateBySeconds });
  const applied = { ...record, status: 'applied' as const };
  await audit(tx, system, scheduled ? 'scheduled_change.ran' : 'change_request.applied', applied, { lateBySeconds });
  return true;
}

export interface Outcome {
  record: ChangeRequestRecord;
  /** A change was applied: SDK payloads must be rebuilt once the transaction commits. */
  applied: boolean;
}

async function reread(tx: Database, record: ChangeRequestRecord, applied: boolean): Promise<Outcome> {
  return { record: await getChangeRequest(tx, record.projectId, record.id), applied };
}

export async function createChangeRequest(
  tx: Database,
  principal: Principal,
  projectId: string,
  body: CreateChangeRequestBody,
  plan: { id: string; step: number; steps: number } | null = null,
): Promise<Outcome> {
  await getProject(tx, projectId, { lock: true });
  const scheduledAt = parseSchedule(body.scheduledAt);
  const changes = await describeAll(tx, projectId, body.operations);
  await checkApplies(tx, actingOf(principal), projectId, changes);
  const row: ChangeRequestRow = {
    id: newId(),
    projectId,
    number: await nextNumber(tx, projectId),
    title: body.title,
    description: body.description,
    status: 'draft',
    author: actorOf(principal),
    changes,
    environments: [],
    requiredApprovals: 0,
    scheduledAt,
    planId: plan?.id ?? null,
    planStep: plan?.step ?? null,
    planSteps: plan?.steps ?? null,
    submittedAt: null,
    appliedAt: null,
    lateBySeconds: null,
    failure: null,
  };
  await insertChangeRequest(tx, row);
  const record = await getChangeRequest(tx, projectId, row.id);
  await audit(tx, actingOf(principal), 'change_request.created', record);
  return reread(tx, record, body.submit ? await submit(tx, principal, record) : false);
}

/**
 * A change made through its own route where approval is required: added to the caller's draft for the project
 * (started when they have none), a later change to the same target merged into the earlier one.
 */
export async function divertChange(tx: Database, principal: Principal, projectId: string, op: ChangeOperation) {
  await getProject(tx, projectId, { lock: true });
  const draftId = await selectOpenDraft(tx, projectId, actorOf(principal));
  if (!draftId) {
    const body = { title: '', description: '', operations: [op], scheduledAt: null, submit: false };
    return (await createChangeRequest(tx, principal, projectId, body)).record;
  }
  const draft = await getChangeRequest(tx, projectId, draftId, true);
  const operations = draft.changes.map(({ operation }) => operation);
  const index = operations.findIndex((earlier) => sameTarget(earlier, op));
  if (index >= 0) operations[index] = mergeOperations(operations[index]!, op);
  else operations.push(op);
  return (await editChangeRequest(tx, principal, draft, { operations })).record;
}

async function editChangeRequest(
  tx: Database,
  principal: Principal,
  record: ChangeRequestRecord,
  body: UpdateChangeRequestBody,
): Promise<Outcome> {
  if (!permissionsOf(record, principal).edit) {
    throw isAuthor(record, principal)
      ? conflict(`Change request #${record.number} is ${record.status}: it can no longer be edited`)
      : forbidden('Only its author can edit a change request');
  }
  const changes =
    body.operations === undefined ? record.changes : await describeAll(tx, record.projectId, body.operations);
  if (body.operations !== undefined) await checkApplies(tx, actingOf(principal), record.projectId, changes);
  const scheduledAt = body.scheduledAt === undefined ? record.scheduledAt : parseSchedule(body.scheduledAt);
  const edited: ChangeRequestRecord = {
    ...record,
    title: body.title ?? record.title,
    description: body.description ?? record.description,
    changes,
    scheduledAt,
  };
  await updateChangeRequestRow(tx, record.id, {
    title: edited.title,
    description: edited.description,
    changes,
    scheduledAt,
  });
  await audit(tx, actingOf(principal), 'change_request.updated', edited);
  // What was reviewed is not what it is now: approvals given before no longer hold.
  const applied = record.status === 'draft' ? false : await submit(tx, principal, edited);
  return reread(tx, edited, applied);
}

export async function updateChangeRequest(
  tx: Database,
  principal: Principal,
  projectId: string,
  id: string,
  body: UpdateChangeRequestBody,
) {
  return editChangeRequest(tx, principal, await getChangeRequest(tx, projectId, id, true), body);
}

export async function submitChangeRequest(tx: Database, principal: Principal, projectId: string, id: string) {
  const record = await getChangeRequest(tx, projectId, id, true);
  if (!permissionsOf(record, principal).submit) {
    throw isAuthor(record, principal)
      ? conflict(`Change request #${record.number} is ${record.status}: only a draft can be submitted`)
      : forbidden('Only its author can submit a change request');
  }
  return reread(tx, record, await submit(tx, principal, record));
}

function checkReviewer(record: ChangeRequestRecord, principal: Principal) {
  if (principal.kind !== 'user') throw forbidden('Change requests are reviewed by people, not by API keys');
  if (isAuthor(record, principal)) {
    throw forbidden('You made this change request: someone else must review it (four eyes)');
  }
  if (!mayReview(principal)) {
    throw forbidden("Reviewing needs the admin role or this project's grant to change protected environments");
  }
  if (record.status !== 'in_review') {
    throw conflict(`Change request #${record.number} is ${record.status}: only a request in review can be reviewed`);
  }
  return principal;
}

const comment = (
  tx: Database,
  record: ChangeRequestRecord,
  principal: Principal,
  body: string,
  verdict: 'approved' | 'rejected' | null,
) =>
  insertComment(tx, {
    id: newId(),
    changeRequestId: record.id,
    authorId: principal.kind === 'user' ? principal.userId : principal.keyId,
    authorName: principal.name,
    body,
    verdict,
  });

/** The last approval needed approves it, and applies it at once unless it waits for its time. */
export async function approveChangeRequest(
  tx: Database,
  principal: Principal,
  projectId: string,
  id: string,
  note: string,
) {
  const record = await getChangeRequest(tx, projectId, id, true);
  const reviewer = checkReviewer(record, principal);
  if (record.approvals.some((approval) => approval.userId === reviewer.userId)) {
    throw conflict(`You already approved change request #${record.number}`);
  }
  await insertApproval(tx, record.id, { id: reviewer.userId, name: reviewer.name });
  if (note) await comment(tx, record, principal, note, 'approved');
  const approvals = record.approvals.length + 1;
  const acting = actingOf(principal);
  await audit(tx, acting, 'change_request.approval_given', record, {
    approvals,
    requiredApprovals: record.requiredApprovals,
  });
  if (approvals < record.requiredApprovals) return reread(tx, record, false);
  await updateChangeRequestRow(tx, record.id, { status: 'approved' });
  const approved = { ...record, status: 'approved' as const };
  await audit(tx, acting, 'change_request.approved', approved);
  return reread(tx, record, await applyIfDue(tx, approved, new Date()));
}

export async function rejectChangeRequest(
  tx: Database,
  principal: Principal,
  projectId: string,
  id: string,
  note: string,
) {
  const record = await getChangeRequest(tx, projectId, id, true);
  checkReviewer(record, principal);
  if (note) await comment(tx, record, principal, note, 'rejected');
  await updateChangeRequestRow(tx, record.id, { status: 'rejected' });
  await audit(tx, actingOf(principal), 'change_request.rejected', { ...record, status: 'rejected' });
  return reread(tx, record, false);
}

export async function cancelChangeRequest(tx: Database, principal: Principal, projectId: string, id: string) {
  const record = await getChangeRequest(tx, projectId, id, true);
  if (!permissionsOf(record, principal).cancel) {
    throw OPEN.has(record.status)
      ? forbidden('Only its author or an admin can cancel a change request')
      : conflict(`Change request #${record.number} is ${record.status}: it can no longer be cancelled`);
  }
  await updateChangeRequestRow(tx, record.id, { status: 'cancelled' });
  await audit(tx, actingOf(principal), 'change_request.cancelled', { ...record, status: 'cancelled' });
  return reread(tx, record, false);
}

export async function commentOnChangeRequest(
  tx: Database,
  principal: Principal,
  projectId: string,
  id: string,
  body: string,
) {
  const record = await getChangeRequest(tx, projectId, id, true);
  await comment(tx, record, principal, body, null);
  await audit(tx, actingOf(principal), 'change_request.commented', record, { comment: body });
  return reread(tx, record, false);
}

/**
 * A gradual rollout: one scheduled request per step, each on the same rule (a new one for everyone when none is
 * named), checked together as they will run.
 */
export async function createRolloutPlan(
  tx: Database,
  principal: Principal,
  projectId: string,
  body: CreateRolloutPlanBody,
): Promise<ChangeRequestRecord[]> {
  const flag = await getFlag(tx, projectId, body.flag);
  if (flag.variants.length < 2) throw invalidField('flag', 'A gradual rollout needs a flag with two variants or more');
  if (!flag.variants.some((variant) => variant.key === body.variant)) {
    throw invalidField('variant', `Flag "${body.flag}" has no variant "${body.variant}"`);
  }
  const times = body.steps.map((step, index) => parseSchedule(step.at, `steps.${index}.at`)!.getTime());
  times.forEach((time, index) => {
    if (index > 0 && time <= times[index - 1]!) {
      throw invalidField(`steps.${index}.at`, 'Please choose a time after the previous step');
    }
  });
  const ruleId = body.ruleId ?? `rollout-${newId().slice(0, 8)}`;
  const operations = body.steps.map((step) => ({
    kind: 'flag.rollout' as const,
    flag: body.flag,
    environment: body.environment,
    ruleId,
    variant: body.variant,
    percentage: step.percentage,
  }));
  // Every step after the other, as they will run: a step the routes would refuse is refused now.
  await checkApplies(tx, actingOf(principal), projectId, await describeAll(tx, projectId, operations));
  const plan = { id: newId(), steps: body.steps.length };
  const records: ChangeRequestRecord[] = [];
  for (const [index, step] of body.steps.entries()) {
    // Untitled, each step is named by what it does, in the reader's language.
    const request = {
      title: body.title,
      description: '',
      operations: [operations[index]!],
      scheduledAt: step.at,
      submit: true,
    };
    const { record } = await createChangeRequest(tx, principal, projectId, request, { ...plan, step: index + 1 });
    records.push(record);
  }
  return records;
}

/** Takes one approved request that is due, in the caller's transaction; its project when one ran, else null. */
export async function runDueChangeRequest(tx: Database, now: Date): Promise<{ projectId: string } | null> {
  const due = await claimDueChangeRequest(tx, now);
  if (!due) return null;
  await applyIfDue(tx, await getChangeRequest(tx, due.projectId, due.id), now);
  return { projectId: due.projectId };
}
