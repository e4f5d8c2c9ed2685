import type { ProjectAccess, Role } from '@tabula/protocol';
import { ROLES } from '@tabula/protocol';
import { createContext, useContext } from 'react';
import { useUser } from './auth';

/** What the signed-in member may do in the project on screen; null outside a project, or while it loads. */
export const ProjectAccessContext = createContext<ProjectAccess | null>(null);

/**
 * What each role may change, mirroring the server's checks so the console hides what would be refused.
 * The server stays the authority; this only keeps people from pressing buttons that cannot work.
 */
export const PERMISSIONS = {
  'project:write': 'admin',
  'project:delete': 'admin',
  'environment:write': 'admin',
  'api-key:manage': 'admin',
  'webhook:manage': 'admin',
  'member:manage': 'admin',
  'invitation:manage': 'admin',
  'organization:manage': 'admin',
  'owner:assign': 'owner',
  'diagnostics:read': 'admin',
  'flag:write': 'editor',
  'segment:write': 'editor',
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

/** Permissions a project can narrow or raise; the rest follow the organization role everywhere. */
const PROJECT_PERMISSIONS = new Set<Permission>([
  'project:write',
  'project:delete',
  'environment:write',
  'api-key:manage',
  'flag:write',
  'segment:write',
]);

// ROLES is ordered from most to least powerful.
const rank = (role: Role): number => ROLES.length - ROLES.indexOf(role);

export const roleAtLeast = (role: Role, minimum: Role): boolean => rank(role) >= rank(minimum);

export const can = (role: Role, permission: Permission): boolean => roleAtLeast(role, PERMISSIONS[permission]);

export function useCan(permission: Permission): boolean {
  const project = useContext(ProjectAccessContext);
  const { role } = useUser();
  return can(project && PROJECT_PERMISSIONS.has(permission) ? project.role : role, permission);
}

/**
 * Whether the member may change what an environment serves: editors change unprotected ones; protected ones need
 * the project's grant (admins hold it always) — unless the environment requires approvals, where any editor may ask:
 * the server turns the change into a change request that others approve.
 */
export function useCanChangeEnvironment(environment: { protected: boolean; requiredApprovals?: number }): boolean {
  const project = useContext(ProjectAccessContext);
  const { role } = useUser();
  const canWrite = useCan('flag:write');
  if (!canWrite || !environment.protected || requiresApproval(environment)) return canWrite;
  return project ? project.protectedEnvironments : can(role, 'environment:write');
}

/** Whether the member may change the protected environments of the project on screen (admins hold the grant always). */
export function useCanChangeProtectedEnvironments(): boolean {
  const project = useContext(ProjectAccessContext);
  const { role } = useUser();
  return project ? project.protectedEnvironments : can(role, 'environment:write');
}

/** Changes reaching this environment become change requests reviewed by others before they apply. */
export const requiresApproval = (environment: { protected: boolean; requiredApprovals?: number }): boolean =>
  environment.protected && (environment.requiredApprovals ?? 0) > 0;

/** The roles a user may hand out: nobody but an owner creates another owner. */
export function assignableRoles(role: Role): Role[] {
  return ROLES.filter((candidate) => candidate !== 'owner' || can(role, 'owner:assign'));
}
