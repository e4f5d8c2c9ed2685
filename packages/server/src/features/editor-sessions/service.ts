import {
  type AddEditorGoalBody,
  EDITOR_TOKEN_PREFIX,
  EDITOR_TOKEN_TTL_SECONDS,
  type EditorGoal,
  type EditorIntegrationBody,
  pageChangesOf,
  type SaveEditorVersionsBody,
  validChangeRecords,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError, conflict, forbidden } from '../../http/app-error';
import { hasRole } from '../../http/principal';
import { newId } from '../../lib/ids';
import { randomToken, sha256Hex } from '../../lib/tokens';
import { type ApiKey, listKeys } from '../api-keys/service';
import { type Acting, recordAudit } from '../audit/service';
import {
  type ExperimentDetails,
  getExperiment,
  saveVisualChanges,
  setIntegrationConfigured,
} from '../experiments/service';
import { findMembership } from '../organization/service';
import { memberProjectRole } from '../project-access/service';
import { getProject } from '../projects/service';
import { editorUrlOf } from './editor-url';
import { clickGoalsOf, trackClicks } from './goals';
import { insertEditorToken, markEditorTokenRevoked, selectActiveGrant } from './store';
import type { EditorGrant } from './types';

export type { EditorGrant } from './types';

const EXPIRED = 'This visual editor link has expired or was closed: open the visual editor from the console again';

export interface CreatedEditorToken {
  token: string;
  expiresAt: Date;
  editorUrl: string | null;
}

/**
 * What the editor shows: the experiment with its versions and click goals, and the client keys a snippet on the page
 * may carry.
 */
export interface EditorSessionView {
  experiment: ExperimentDetails;
  goals: EditorGoal[];
  clientKeys: ApiKey[];
  customScripts: { enabled: boolean; canWrite: boolean };
  expiresAt: Date;
}

export const CUSTOM_SCRIPTS_OFF =
  'Custom JavaScript is off in this project: an admin can turn it on in the project settings';
export const CUSTOM_SCRIPTS_ADMINS = 'Only admins may change a version’s custom JavaScript';

const actingOf = (grant: EditorGrant): Acting => ({
  organizationId: grant.organizationId,
  actor: { kind: 'user', id: grant.userId, name: grant.userName },
});

/** The token is returned once, here; only its hash is kept. */
export async function createEditorToken(
  tx: Database,
  member: { userId: string; name: string; organizationId: string },
  projectId: string,
  experimentKey: string,
  now = new Date(),
): Promise<CreatedEditorToken> {
  const experiment = await getExperiment(tx, projectId, experimentKey);
  if (experiment.kind !== 'visual') {
    throw conflict(
      `Experiment "${experimentKey}" is an A/B experiment: only visual experiments are edited on their page`,
    );
  }
  const token = `${EDITOR_TOKEN_PREFIX}${randomToken()}`;
  const id = newId();
  const expiresAt = new Date(now.getTime() + EDITOR_TOKEN_TTL_SECONDS * 1000);
  await insertEditorToken(tx, {
    id,
    tokenHash: sha256Hex(token),
    projectId,
    experimentId: experiment.id,
    createdBy: member.userId,
    expiresAt,
  });
  await recordAudit(tx, {
    organizationId: member.organizationId,
    actor: { kind: 'user', id: member.userId, name: member.name },
    projectId,
    action: 'experiment.editor_opened',
    entityType: 'experiment',
    entityId: experiment.id,
    after: { editorToken: id, expiresAt: expiresAt.toISOString() },
  });
  return { token, expiresAt, editorUrl: editorUrlOf(experiment.pageOpenUrl, token) };
}

/**
 * The grant behind a token, refused when the token is unknown, expired or revoked, and when the member who made it
 * is no longer an editor of the organization: a token never outlives its maker's right to edit.
 */
export async function authenticateEditorToken(db: Database, token: string, now = new Date()): Promise<EditorGrant> {
  const grant = token.startsWith(EDITOR_TOKEN_PREFIX) ? await selectActiveGrant(db, sha256Hex(token), now) : null;
  if (!grant) throw new AppError('unauthorized', EXPIRED);
  const membership = await findMembership(db, grant.userId);
  const role =
    membership?.organization.id === grant.organizationId
      ? await memberProjectRole(db, grant.projectId, { ...grant, organizationRole: membership.role })
      : null;
  if (!role || !hasRole(role, 'editor')) {
    throw forbidden('Whoever opened this visual editor may no longer edit experiments');
  }
  return { ...grant, role };
}

export async function getEditorSession(db: Database, grant: EditorGrant): Promise<EditorSessionView> {
  const [experiment, keys, project] = await Promise.all([
    getExperiment(db, grant.projectId, grant.experimentKey),
    listKeys(db, grant.projectId),
    getProject(db, grant.projectId),
  ]);
  const clientKeys = keys.filter((key) => key.kind === 'client' && key.revokedAt === null);
  const customScripts = { enabled: project.customScripts, canWrite: hasRole(grant.role, 'admin') };
  const goals = await clickGoalsOf(db, grant.projectId, experiment.metrics);
  return { experiment, goals, clientKeys, customScripts, expiresAt: grant.expiresAt };
}

/** A body that names another experiment than the token's is refused: version keys repeat across experiments. */
function checkExperiment(grant: EditorGrant, experimentKey: string): void {
  if (experimentKey !== grant.experimentKey) {
    throw forbidden(
      `This visual editor was opened for experiment "${grant.experimentKey}", not "${experimentKey}": open the editor of "${experimentKey}" from the console`,
    );
  }
}

const scriptOf = (records: readonly unknown[]) => pageChangesOf(validChangeRecords(records)).script ?? '';

/**
 * A version's custom script is written by admins only, and only while the project allows custom scripts; anyone who
 * edits the page may leave it as it is.
 */
async function checkScripts(tx: Database, grant: EditorGrant, body: SaveEditorVersionsBody): Promise<void> {
  const [experiment, project] = await Promise.all([
    getExperiment(tx, grant.projectId, grant.experimentKey),
    getProject(tx, grant.projectId),
  ]);
  const changed = body.versions.some(
    (version) =>
      scriptOf(version.changeRecords) !==
      scriptOf(experiment.versions.find((stored) => stored.key === version.key)?.changeRecords ?? []),
  );
  if (!changed) return;
  if (!hasRole(grant.role, 'admin')) throw forbidden(CUSTOM_SCRIPTS_ADMINS);
  const adds = body.versions.some((version) => scriptOf(version.changeRecords) !== '');
  if (adds && !project.customScripts) throw conflict(CUSTOM_SCRIPTS_OFF);
}

export async function saveEditorVersions(tx: Database, grant: EditorGrant, body: SaveEditorVersionsBody) {
  checkExperiment(grant, body.experimentKey);
  await checkScripts(tx, grant, body);
  await saveVisualChanges(tx, actingOf(grant), grant.projectId, grant.experimentKey, body.versions);
}

export async function setEditorIntegration(tx: Database, grant: EditorGrant, body: EditorIntegrationBody) {
  checkExperiment(grant, body.experimentKey);
  await setIntegrationConfigured(tx, actingOf(grant), grant.projectId, grant.experimentKey, body.configured);
}

/** Anyone who may edit the page may pick a click goal on it: the editor role, as for saving versions. */
export async function addEditorGoal(tx: Database, grant: EditorGrant, body: AddEditorGoalBody) {
  checkExperiment(grant, body.experimentKey);
  await trackClicks(tx, actingOf(grant), grant.projectId, grant.experimentKey, body);
}

/** Closing the editor ends its token; closing twice is harmless. */
export const revokeEditorToken = (db: Database, grant: EditorGrant, now = new Date()): Promise<void> =>
  markEditorTokenRevoked(db, grant.tokenId, now);
