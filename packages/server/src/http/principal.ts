import type { Role } from '@tabula/protocol';

/** Who is calling, resolved once per request by the access hook. */
export type Principal = UserPrincipal | ApiKeyPrincipal;

export interface UserPrincipal {
  kind: 'user';
  userId: string;
  name: string;
  organizationId: string;
  role: Role;
  sessionId: string;
  csrfToken: string;
  /**
   * The organization requires a second factor, this password session was made without one, and the user has none
   * to give: until they set one up, only their account's own routes are open.
   */
  mfaSetupPending: boolean;
}

/** A secret key acts as an editor of its own project and nothing else. */
export interface ApiKeyPrincipal {
  kind: 'api_key';
  keyId: string;
  name: string;
  organizationId: string;
  projectId: string;
  environmentId: string;
  role: 'editor';
}

/** What `config.access` of every route declares; a route declaring nothing is refused. */
export type Access =
  | 'public'
  | {
      role: Role;
      /** Secret keys may call this organization-level route (its results are narrowed to the key's project). */
      apiKeys?: boolean;
    };

export const ROLE_RANK: Record<Role, number> = { viewer: 1, editor: 2, admin: 3, owner: 4 };
export const hasRole = (role: Role, required: Role): boolean => ROLE_RANK[role] >= ROLE_RANK[required];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
