import {
  type CreateApiKeyBody,
  type CreatedApiKey,
  type CreatedInvitation,
  CSRF_HEADER,
  type Me,
  type Project,
  type Role,
  SESSION_COOKIE,
} from '@tabula/protocol';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A signed-in browser: its cookie and the CSRF token it got from /auth/me. */
export interface Session {
  cookie: string;
  csrfToken: string;
  me: Me;
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${++counter}-${Date.now().toString(36)}@example.com`;
export const PASSWORD = 'correct horse battery staple';

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** A request as the session's browser would send it: cookie always, CSRF header on writes. */
export function call(app: FastifyInstance, session: Session | null, options: InjectOptions) {
  const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
  if (session) {
    headers.cookie = session.cookie;
    if (options.method && options.method !== 'GET') headers[CSRF_HEADER] = session.csrfToken;
  }
  return app.inject({ ...options, headers });
}

export const asKey = (app: FastifyInstance, key: string, options: InjectOptions) =>
  app.inject({
    ...options,
    headers: { ...(options.headers as Record<string, string>), authorization: `Bearer ${key}` },
  });

export function sessionFrom(response: LightMyRequestResponse): Session {
  const me = response.json() as Me;
  return { cookie: sessionCookie(response), csrfToken: me.csrfToken, me };
}

export async function signUp(app: FastifyInstance, label = 'owner'): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email: uniqueEmail(label), password: PASSWORD, name: `${label} name`, organizationName: `${label} org` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return sessionFrom(response);
}

export async function invite(app: FastifyInstance, by: Session, role: Role, email?: string) {
  const response = await call(app, by, { method: 'POST', url: '/api/v1/invitations', payload: { role, email } });
  expect(response.statusCode, response.body).toBe(201);
  const invitation = response.json() as CreatedInvitation;
  return { invitation, token: invitation.url.split('/invite/')[1]! };
}

export async function acceptInvitation(app: FastifyInstance, token: string, email = uniqueEmail('member')) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/auth/invitations/${token}/accept`,
    payload: { email, password: PASSWORD, name: 'Invited member' },
  });
}

/** A new member of `owner`'s organization with the given role, signed in. */
export async function addMember(app: FastifyInstance, owner: Session, role: Role): Promise<Session> {
  const { token } = await invite(app, owner, role);
  const response = await acceptInvitation(app, token, uniqueEmail(role));
  expect(response.statusCode, response.body).toBe(201);
  return sessionFrom(response);
}

export async function createProject(app: FastifyInstance, session: Session, name = 'Web shop'): Promise<Project> {
  const response = await call(app, session, { method: 'POST', url: '/api/v1/projects', payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Project;
}

export async function createKey(
  app: FastifyInstance,
  session: Session,
  projectId: string,
  kind: 'client' | 'secret' = 'secret',
  grant: Partial<Pick<CreateApiKeyBody, 'role' | 'protectedEnvironments'>> = {},
): Promise<CreatedApiKey> {
  const response = await call(app, session, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/keys`,
    payload: { name: `${kind} key`, kind, environment: 'production', ...grant },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CreatedApiKey;
}
