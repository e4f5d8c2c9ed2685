import { timingSafeEqual } from 'node:crypto';
import {
  type ChangeOperation,
  CSRF_HEADER,
  type DivertedChange,
  type ProjectAccess,
  type ProtectedEnvironmentDetails,
  SESSION_COOKIE,
} from '@tabula/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Config } from '../config';
import { AppError, forbidden, notFound } from './app-error';
import { isForeignPage } from './console-origin';
import { validationFailed } from './error-handler';
import { type ApiKeyPrincipal, hasRole, type Principal, type UserPrincipal } from './principal';
import { setSessionCookie } from './session-cookie';

export interface Authenticators {
  /** The session behind a cookie token; `renewedUntil` is set when its expiry moved and the cookie must follow. */
  session(token: string): Promise<{ principal: UserPrincipal; renewedUntil: Date | null } | null>;
  secretKey(token: string): Promise<ApiKeyPrincipal | null>;
  /** What the caller may do in a project; null when it is not theirs. */
  projectAccess(projectId: string, principal: Principal): Promise<ProjectAccess | null>;
  /** Adds a change that needs approval to the caller's draft change request; answers with that request. */
  divert(projectId: string, principal: Principal, operation: ChangeOperation): Promise<DivertedChange>;
}

/** Compares a secret in constant time, so the time taken tells nothing of how much of it was right. */
export function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const unauthorized = () => new AppError('unauthorized', 'Please sign in');

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError('unauthorized', 'The Authorization header must be "Bearer <secret key>"');
  return match[1]!;
}

interface AccessOptions {
  config: Pick<Config, 'secureCookies' | 'cookieDomain' | 'publicUrl' | 'editions'>;
  auth: Authenticators;
}

async function authenticate(request: FastifyRequest, reply: FastifyReply, options: AccessOptions): Promise<Principal> {
  const { auth, config } = options;
  const bearer = bearerToken(request);
  if (bearer) {
    const key = await auth.secretKey(bearer);
    if (!key) throw new AppError('unauthorized', 'This API key is unknown or revoked');
    return key;
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw unauthorized();
  const found = await auth.session(token);
  if (!found) throw new AppError('unauthorized', 'Your session has expired: please sign in again');
  if (!SAFE_METHODS.has(request.method)) {
    // A cookie is sent by the browser on its own; only our pages can read the CSRF token and echo it.
    if (!sameToken(request.headers[CSRF_HEADER], found.principal.csrfToken)) {
      throw new AppError('csrf_failed', `Missing or wrong ${CSRF_HEADER} header: reload the page and try again`);
    }
    const { origin, referer } = request.headers;
    if (isForeignPage({ origin, referer, host: request.host }, config)) {
      throw new AppError('csrf_failed', "Changes are accepted from the console's own pages only");
    }
  }
  if (found.renewedUntil) setSessionCookie(reply, config, { token, expiresAt: found.renewedUntil });
  return found.principal;
}

/** What a member who must set up a second factor may still reach: their own account. */
const ACCOUNT_ROUTES = '/api/v1/auth/';

/** The one access check: who is calling, may they call this route, and is the project theirs. */
export function registerAccess(app: FastifyInstance, options: AccessOptions): void {
  const { auth } = options;
  app.decorateRequest('principal', null);

  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const open = routes.filter((route) => !route.config?.access).map((route) => `${route.method} ${route.url}`);
    if (open.length > 0) throw new Error(`Routes must declare config.access: ${open.join(', ')}`);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (!access) throw new AppError('internal', 'This route declares no access rule');
    if (access === 'public') return;

    let principal = await authenticate(request, reply, options);
    // The project is looked up by its id: an id no route would take is refused before it reaches the database.
    validateParams(request);
    const { projectId } = request.params as { projectId?: unknown };
    if (typeof projectId === 'string') {
      const granted = await auth.projectAccess(projectId, principal);
      // Another organization's project answers exactly like a missing one.
      if (!granted) throw notFound('Project');
      principal = { ...principal, ...granted } as Principal;
    } else if (principal.kind === 'api_key' && !access.apiKeys) {
      throw forbidden('API keys act on their own project only; sign in to manage the organization');
    }
    if (principal.kind === 'user' && principal.mfaSetupPending && !request.url.startsWith(ACCOUNT_ROUTES)) {
      throw new AppError(
        'mfa_required',
        'Your organization requires two-factor authentication: set it up under Account before going on',
      );
    }
    if (!hasRole(principal.role, access.role)) {
      throw forbidden(`This needs the ${access.role} role or higher; yours is ${principal.role}`);
    }
    request.principal = principal;
  });

  app.addHook('preHandler', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public' || !access.reaches) return;
    const principal = principalOf(request);
    if (principal.protectedEnvironments && !access.divert) return;
    const reached = await access.reaches(request);
    // Four eyes hold for everyone, admins too: the change waits in a draft change request instead of applying.
    if (access.divert && reached.some((env) => env.requiredApprovals > 0)) {
      const { projectId } = request.params as { projectId: string };
      const diverted = await auth.divert(projectId, principal, await access.divert(request));
      return reply.status(202).send(diverted);
    }
    if (!principal.protectedEnvironments && reached.length > 0) throw protectedEnvironmentError(reached);
  });
}

export function protectedEnvironmentError(environments: { key: string; name: string }[]): AppError {
  const names = environments.map((env) => env.name).join(', ');
  return new AppError(
    'protected_environment',
    `This changes ${names}, which is protected: it needs the admin role or this project's grant to change protected environments`,
    { environments: environments.map(({ key, name }) => ({ key, name })) } satisfies ProtectedEnvironmentDetails,
  );
}

/** Checks the path parameters against the route's schema now, as validation would later, with its error. */
function validateParams(request: FastifyRequest): void {
  const schema = request.routeOptions.schema?.params as ZodType | undefined;
  if (!schema || typeof schema.safeParse !== 'function') return;
  const result = schema.safeParse(request.params);
  if (result.success) return;
  throw validationFailed(result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('internal', 'No principal on a protected route');
  return request.principal;
}

export function userOf(request: FastifyRequest): UserPrincipal {
  const principal = principalOf(request);
  if (principal.kind !== 'user') throw forbidden('This needs a signed-in user, not an API key');
  return principal;
}
