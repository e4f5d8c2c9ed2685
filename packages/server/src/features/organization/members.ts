import type { Role } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { conflict, forbidden, notFound } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import { lockOwners, type MemberRow, selectMemberForUpdate, selectMembers, updateRole } from './members-store';
import type { ActingMember } from './types';
import { deleteUser } from './users-store';

export type { MemberRow } from './members-store';

export const listMembers = (db: Database, organizationId: string): Promise<MemberRow[]> =>
  selectMembers(db, organizationId);

/**
 * Owners are locked first, always in the same order, so concurrent changes queue up instead of deadlocking
 * or both removing "another" owner.
 */
async function lockTarget(tx: Database, actor: ActingMember, userId: string) {
  const owners = await lockOwners(tx, actor.organizationId);
  const target = await selectMemberForUpdate(tx, actor.organizationId, userId);
  if (!target) throw notFound('Member');
  if (target.role === 'owner' && actor.role !== 'owner') throw forbidden('Only an owner can change or remove an owner');
  const assertAnotherOwnerRemains = () => {
    if (target.role === 'owner' && owners.length <= 1) {
      throw conflict('An organization needs at least one owner: make another member owner first');
    }
  };
  return { target, assertAnotherOwnerRemains };
}

const audit = (tx: Database, actor: ActingMember, action: string, target: MemberRow, after: unknown) =>
  recordAudit(tx, {
    organizationId: actor.organizationId,
    projectId: null,
    actor: { kind: 'user', id: actor.userId, name: actor.name },
    action,
    entityType: 'member',
    entityId: target.user.id,
    before: { email: target.user.email, role: target.role },
    after,
  });

export async function changeMemberRole(
  tx: Database,
  actor: ActingMember,
  userId: string,
  role: Role,
): Promise<MemberRow> {
  if (userId === actor.userId) throw forbidden('You cannot change your own role');
  if (role === 'owner' && actor.role !== 'owner') throw forbidden('Only an owner can grant the owner role');
  const { target, assertAnotherOwnerRemains } = await lockTarget(tx, actor, userId);
  if (target.role === role) return target;
  assertAnotherOwnerRemains();
  await updateRole(tx, actor.organizationId, userId, role);
  await audit(tx, actor, 'member.role_changed', target, { email: target.user.email, role });
  return { ...target, role };
}

export async function removeMember(tx: Database, actor: ActingMember, userId: string): Promise<void> {
  const { target, assertAnotherOwnerRemains } = await lockTarget(tx, actor, userId);
  assertAnotherOwnerRemains();
  await deleteUser(tx, userId);
  await audit(tx, actor, 'member.removed', target, null);
}
