import type { ProjectAccess, Role, UpdateProjectMemberBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../http/app-error';
import type { Principal, UserPrincipal } from '../../http/principal';
import { actingOf, recordAudit } from '../audit/service';
import { effectiveAccess, type ProjectOverride } from './effective-access';
import {
  deleteProjectMember,
  selectProjectMembers,
  selectUserOverrides,
  selectUserProjectAccess,
  upsertProjectMember,
} from './store';

export { effectiveAccess } from './effective-access';
export { protectedEnvironmentsAmong, type ReachedEnvironment } from './reached';

/**
 * What the caller may do in a project; null when it is not theirs (another organization's, or another project than
 * a secret key's own), which callers answer exactly like a missing project.
 */
export async function projectAccess(
  db: Database,
  projectId: string,
  principal: Principal,
): Promise<ProjectAccess | null> {
  if (principal.kind === 'api_key') {
    return principal.projectId === projectId
      ? { role: principal.role, protectedEnvironments: principal.protectedEnvironments }
      : null;
  }
  const found = await selectUserProjectAccess(db, projectId, principal.userId);
  if (!found || found.organizationId !== principal.organizationId) return null;
  return effectiveAccess(principal.organizationRole, found.override);
}

/** A member's role in one project of their organization; null when the project is another organization's. */
export async function memberProjectRole(
  db: Database,
  projectId: string,
  member: { userId: string; organizationId: string; organizationRole: Role },
): Promise<Role | null> {
  const found = await selectUserProjectAccess(db, projectId, member.userId);
  if (!found || found.organizationId !== member.organizationId) return null;
  return effectiveAccess(member.organizationRole, found.override).role;
}

/** What a principal already resolved for the request's project may do there. */
export const accessOf = (principal: Principal): ProjectAccess => ({
  role: principal.role,
  protectedEnvironments: principal.protectedEnvironments,
});

/** What the caller may do in each of many projects of their organization, in one round trip. */
export async function accessByProject(
  db: Database,
  principal: Principal,
): Promise<(projectId: string) => ProjectAccess> {
  if (principal.kind === 'api_key') return () => accessOf(principal);
  const overrides = new Map((await selectUserOverrides(db, principal.userId)).map((row) => [row.projectId, row]));
  return (projectId) => effectiveAccess(principal.organizationRole, overrides.get(projectId) ?? null);
}

export interface ProjectMemberRow {
  user: { id: string; email: string; name: string };
  organizationRole: UserPrincipal['organizationRole'];
  override: ProjectOverride;
  access: ProjectAccess;
}

const NO_OVERRIDE: ProjectOverride = { role: null, protectedEnvironments: false };

export async function listProjectMembers(
  db: Database,
  projectId: string,
  organizationId: string,
): Promise<ProjectMemberRow[]> {
  const rows = await selectProjectMembers(db, projectId, organizationId);
  return rows.map((row) => ({
    ...row,
    override: row.override ?? NO_OVERRIDE,
    access: effectiveAccess(row.organizationRole, row.override),
  }));
}

/** A setting equal to "keep the organization role, no grant" is removed rather than stored. */
export async function setProjectMember(
  tx: Database,
  caller: UserPrincipal,
  projectId: string,
  userId: string,
  body: UpdateProjectMemberBody,
): Promise<ProjectMemberRow> {
  if (userId === caller.userId) throw forbidden('You cannot change your own access to a project');
  const [target] = await selectProjectMembers(tx, projectId, caller.organizationId, userId);
  if (!target) throw notFound('Member');
  if (target.organizationRole === 'owner') throw forbidden('Owners have every right in every project');
  const before = target.override ?? NO_OVERRIDE;
  const after: ProjectOverride = { role: body.role, protectedEnvironments: body.protectedEnvironments };
  if (after.role === null && !after.protectedEnvironments) await deleteProjectMember(tx, projectId, userId);
  else await upsertProjectMember(tx, projectId, userId, after);
  await recordAudit(tx, {
    ...actingOf(caller),
    projectId,
    action: 'project_member.updated',
    entityType: 'member',
    entityId: userId,
    before: { email: target.user.email, ...before },
    after: { email: target.user.email, ...after },
  });
  return { ...target, override: after, access: effectiveAccess(target.organizationRole, after) };
}
