import {
  type ChangeRecord,
  changeRecordSchema,
  EDITOR_TOKEN_PREFIX,
  EDITOR_TOKEN_TTL_SECONDS,
  type EditorIntegrationBody,
  type SaveEditorVersionsBody,
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
import { editorUrlOf } from './editor-url';
import { insertEditorToken, markEditorTokenRevoked, selectActiveGrant } from './store';
import type { EditorGrant } from './types';

export type { EditorGrant } from './types';

const EXPIRED = 'This visual editor link has expired or was closed: open the visual editor from the console again';

export interface CreatedEditorToken {
  token: string;
  expiresAt: Date;
  editorUrl: string | null;
}

/** What the editor shows: the experiment with its versions, and the client keys a snippet on the page may carry. */
export interface EditorSessionView {
  experiment: ExperimentDetails;
  clientKeys: ApiKey[];
  expiresAt: Date;
}

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
  if (membership?.organization.id !== grant.organizationId || !hasRole(membership.role, 'editor')) {
    throw forbidden('Whoever opened this visual editor may no longer edit experiments');
  }
  return grant;
}

export async function getEditorSession(db: Database, grant: EditorGrant): Promise<EditorSessionView> {
  const [experiment, keys] = await Promise.all([
    getExperiment(db, grant.projectId, grant.experimentKey),
    listKeys(db, grant.projectId),
  ]);
  const clientKeys = keys.filter((key) => key.kind === 'client' && key.revokedAt === null);
  return { experiment, clientKeys, expiresAt: grant.expiresAt };
}

/** A body that names another experiment than the token's is refused: version keys repeat across experiments. */
function checkExperiment(grant: EditorGrant, experimentKey: string): void {
  if (experimentKey !== grant.experimentKey) {
    throw forbidden(
      `This visual editor was opened for experiment "${grant.experimentKey}", not "${experimentKey}": open the editor of "${experimentKey}" from the console`,
    );
  }
}

export async function saveEditorVersions(tx: Database, grant: EditorGrant, body: SaveEditorVersionsBody) {
  checkExperiment(grant, body.experimentKey);
  await saveVisualChanges(tx, actingOf(grant), grant.projectId, grant.experimentKey, body.versions);
}

export async function setEditorIntegration(tx: Database, grant: EditorGrant, body: EditorIntegrationBody) {
  checkExperiment(grant, body.experimentKey);
  await setIntegrationConfigured(tx, actingOf(grant), grant.projectId, grant.experimentKey, body.configured);
}

/** Closing the editor ends its token; closing twice is harmless. */
export const revokeEditorToken = (db: Database, grant: EditorGrant, now = new Date()): Promise<void> =>
  markEditorTokenRevoked(db, grant.tokenId, now);

/**
 * Stored records as the editor edits them. One the schema refuses (written before a rule tightened) is left out, as
 * the SDK payload leaves it out: the editor shows what visitors see.
 */
export const validChangeRecords = (records: readonly unknown[]): ChangeRecord[] =>
  records.flatMap((record) => {
    const parsed = changeRecordSchema.safeParse(record);
    return parsed.success ? [parsed.data] : [];
  });
