import { API_KEY_PREFIX, type CreateApiKeyBody, ID_ALPHABET } from '@tabula/protocol';
import { customAlphabet } from 'nanoid';
import type { Database } from '../../db/client';
import { invalidField, notFound } from '../../http/app-error';
import type { ApiKeyPrincipal } from '../../http/principal';
import { newId } from '../../lib/ids';
import { sha256Hex } from '../../lib/tokens';
import { type Acting, recordAudit } from '../audit/service';
import { findEnvironment } from '../projects/service';
import {
  insertKey,
  markKeyRevoked,
  selectActiveSecretKey,
  selectProjectKey,
  selectProjectKeys,
  touchKey,
} from './store';
import type { ApiKey } from './types';

export { type ClientKeys, createClientKeys } from './client-keys';
export type { ApiKey, ClientKeyGrant } from './types';

/** 32 characters of a 56-letter alphabet: about 186 random bits. */
const randomKeyBody = customAlphabet(ID_ALPHABET, 32);
const PREFIX_LENGTH = 8;
/** Recording every use would turn each API read into a write. */
const LAST_USED_PRECISION_MS = 60 * 1000;

export const listKeys = (db: Database, projectId: string): Promise<ApiKey[]> => selectProjectKeys(db, projectId);

/** A client key only reads its environment's payload, whatever it would be given. */
const grantOf = (input: Partial<CreateApiKeyBody>): Pick<ApiKey, 'role' | 'protectedEnvironments'> =>
  input.kind === 'secret'
    ? { role: input.role ?? 'editor', protectedEnvironments: input.protectedEnvironments ?? false }
    : { role: 'viewer', protectedEnvironments: false };

/** The whole key is returned once, here; a secret key is stored only as its hash. */
export async function createKey(
  tx: Database,
  acting: Acting,
  projectId: string,
  input: Omit<CreateApiKeyBody, 'role' | 'protectedEnvironments'> & Partial<CreateApiKeyBody>,
): Promise<{ apiKey: ApiKey; key: string }> {
  const environment = await findEnvironment(tx, projectId, input.environment);
  if (!environment) throw invalidField('environment', `This project has no environment "${input.environment}"`);
  const key = `${API_KEY_PREFIX[input.kind]}${randomKeyBody()}`;
  const id = newId();
  const prefix = key.slice(0, PREFIX_LENGTH);
  await insertKey(tx, {
    id,
    projectId,
    environmentId: environment.id,
    kind: input.kind,
    name: input.name,
    prefix,
    clientKey: input.kind === 'client' ? key : null,
    secretHash: input.kind === 'secret' ? sha256Hex(key) : null,
    ...grantOf(input),
    createdBy: acting.actor.kind === 'user' ? acting.actor.id : null,
  });
  await recordAudit(tx, {
    ...acting,
    projectId,
    action: 'api_key.created',
    entityType: 'api_key',
    entityId: id,
    after: {
      name: input.name,
      kind: input.kind,
      environment: input.environment,
      prefix,
      ...(input.kind === 'secret' && grantOf(input)),
    },
  });
  return { apiKey: (await selectProjectKey(tx, projectId, id))!, key };
}

/** Revoking twice is harmless: the key stays revoked from the first time. */
export async function revokeKey(tx: Database, acting: Acting, projectId: string, keyId: string): Promise<void> {
  const existing = await selectProjectKey(tx, projectId, keyId);
  if (!existing) throw notFound('API key');
  if (!(await markKeyRevoked(tx, keyId, new Date()))) return;
  await recordAudit(tx, {
    ...acting,
    projectId,
    action: 'api_key.revoked',
    entityType: 'api_key',
    entityId: keyId,
    before: { name: existing.name, kind: existing.kind, environment: existing.environmentKey, prefix: existing.prefix },
  });
}

export async function authenticateSecretKey(db: Database, token: string): Promise<ApiKeyPrincipal | null> {
  if (!token.startsWith(API_KEY_PREFIX.secret)) return null;
  const key = await selectActiveSecretKey(db, sha256Hex(token));
  if (!key) return null;
  const now = new Date();
  const { id, ...rest } = key;
  await touchKey(db, id, now, new Date(now.getTime() - LAST_USED_PRECISION_MS));
  return { kind: 'api_key', keyId: id, ...rest };
}
