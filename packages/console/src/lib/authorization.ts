import type { Role } from '@tabula/protocol';
import { ROLES } from '@tabula/protocol';
import { useUser } from './auth';

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

// ROLES is ordered from most to least powerful.
const rank = (role: Role): number => ROLES.length - ROLES.indexOf(role);

export const roleAtLeast = (role: Role, minimum: Role): boolean => rank(role) >= rank(minimum);

export const can = (role: Role, permission: Permission): boolean => roleAtLeast(role, PERMISSIONS[permission]);

export function useCan(permission: Permission): boolean {
  return can(useUser().role, permission);
}

/** The roles a user may hand out: nobody but an owner creates another owner. */
export function assignableRoles(role: Role): Role[] {
  return ROLES.filter((candidate) => candidate !== 'owner' || can(role, 'owner:assign'));
}
