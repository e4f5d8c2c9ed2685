import type { ProjectAccess, ProjectRole, Role } from '@tabula/protocol';
import { hasRole } from '../../http/principal';

/** A project's own setting for one member; a null role keeps their organization role. */
export interface ProjectOverride {
  role: ProjectRole | null;
  protectedEnvironments: boolean;
}

/**
 * What a member may do in one project. Owners keep every right everywhere, so no project setting can lock an
 * organization out of its own project; admins hold the protected-environment grant by their role; below that the
 * grant is the project's to give, and means nothing to a viewer, who changes nothing.
 */
export function effectiveAccess(organizationRole: Role, override: ProjectOverride | null): ProjectAccess {
  if (organizationRole === 'owner') return { role: 'owner', protectedEnvironments: true };
  const role = override?.role ?? organizationRole;
  const granted = hasRole(role, 'editor') && (override?.protectedEnvironments ?? false);
  return { role, protectedEnvironments: hasRole(role, 'admin') || granted };
}
