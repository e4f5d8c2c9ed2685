import type { ChangeOperation, ProjectRole, Role } from '@tabula/protocol';
import type { FastifyRequest } from 'fastify';

/** Who is calling, resolved once per request by the access hook. */
export type Principal = UserPrincipal | ApiKeyPrincipal;

export interface UserPrincipal {
  kind: 'user';
  userId: string;
  name: string;
  organizationId: string;
  /** On a project's routes, the member's role in that project; elsewhere their organization role. */
  role: Role;
  organizationRole: Role;
  /** May change protected environments: on a project's routes as that project grants; elsewhere as admins may. */
  protectedEnvironments: boolean;
  sessionId: string;
  csrfToken: string;
  /**
   * The organization requires a second factor, this password session was made without one, and the user has none
   * to give: until they set one up, only their account's own routes are open.
   */
  mfaSetupPending: boolean;
}

/** A secret key acts in its own project only, with the role it was made with. */
export interface ApiKeyPrincipal {
  kind: 'api_key';
  keyId: string;
  name: string;
  organizationId: string;
  projectId: string;
  environmentId: string;
  role: ProjectRole;
  protectedEnvironments: boolean;
}

/** What `config.access` of every route declares; a route declaring nothing is refused. */
export type Access =
  | 'public'
  | {
      role: Role;
      /** Secret keys may call this organization-level route (its results are narrowed to the key's project). */
      apiKeys?: boolean;
      /**
       * The protected environments this request would change, asked once its body is valid: a caller without the
       * project's grant to change protected environments is refused when there are any.
       */
      reaches?: (request: FastifyRequest) => Promise<{ key: string; name: string; requiredApprovals: number }[]>;
      /**
       * The change this request makes, as a change request holds it: where a protected environment it reaches asks
       * for approvals, it is added to the caller's draft request (202) instead of applied.
       */
      divert?: (request: FastifyRequest) => Promise<ChangeOperation>;
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
