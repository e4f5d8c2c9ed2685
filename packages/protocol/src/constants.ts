/** Random ids leave out look-alike characters (0/O, 1/l/I) so they survive being read aloud or retyped (spec §9). */
export const ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const ID_LENGTH = 16;

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export const DEFAULT_ENVIRONMENTS = [
  { key: 'development', name: 'Development' },
  { key: 'production', name: 'Production' },
] as const;

export const API_KEY_KINDS = ['client', 'secret'] as const;
/** Prefixes tell a leaked key's kind at a glance and let secret scanners find them. */
export const API_KEY_PREFIX = { client: 'tbc_', secret: 'tbs_' } as const;

export const SESSION_COOKIE = 'tabula_session';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_TTL_DAYS = 14;
export const INVITATION_TTL_DAYS = 7;
