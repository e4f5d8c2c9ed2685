import type { ChangeOperation, DivertedChange } from '@tabula/protocol';
import type { Database } from '../../db/client';
import type { Principal } from '../../http/principal';
import { toChangeRequestBody } from './mappers';
import { divertChange } from './service';

/** What the access hook answers, with 202, for a change that must wait for approval. */
export async function divertToDraft(
  db: Database,
  projectId: string,
  principal: Principal,
  operation: ChangeOperation,
): Promise<DivertedChange> {
  const draft = await db.transaction((tx) => divertChange(tx, principal, projectId, operation));
  return { changeRequest: toChangeRequestBody(draft, principal) };
}
