import type { Browser, Page } from 'playwright-core';

/** An owner signed up through the REST API with one project: what benchmarks and tests need before they start. */
export interface Owner {
  /** Cookie and CSRF headers for the owner's writes. */
  headers: Record<string, string>;
  projectId: string;
}

async function created<T>(response: Response, what: string): Promise<T> {
  if (response.status !== 201) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The JSON answer of a call to the server's API; a call that fails throws, saying which and why. */
export async function callApi<T>(url: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${url}${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function signUpOwnerWithProject(url: string): Promise<Owner> {
  const signup = await fetch(`${url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'owner@example.com',
      password: 'benchmark-password',
      name: 'Owner',
      organizationName: 'Bench',
    }),
  });
  const cookie = signup.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const { csrfToken } = await created<{ csrfToken: string }>(signup, 'sign-up');
  const headers = { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken };
  const project = await fetch(`${url}/api/v1/projects`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench project' }),
  });
  const { id } = await created<{ id: string }>(project, 'project creation');
  return { headers, projectId: id };
}

/** A member of the owner's organization with `role`, signed in through an invitation as a new member would be. */
export async function inviteMember(
  url: string,
  owner: Owner,
  member: { role: 'admin' | 'editor' | 'viewer'; email: string; name: string },
): Promise<{ headers: Record<string, string>; userId: string }> {
  const invitation = await fetch(`${url}/api/v1/invitations`, {
    method: 'POST',
    headers: owner.headers,
    body: JSON.stringify({ role: member.role }),
  });
  const { url: link } = await created<{ url: string }>(invitation, 'invitation');
  const token = new URL(link).pathname.split('/').pop();
  const accepted = await fetch(`${url}/api/v1/auth/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: `${member.name} password`, name: member.name }),
  });
  const cookie = accepted.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const me = await created<{ user: { id: string }; csrfToken: string }>(accepted, 'accepting the invitation');
  return { headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': me.csrfToken }, userId: me.user.id };
}

export async function createClientKey(url: string, owner: Owner, environment = 'production'): Promise<string> {
  const response = await fetch(`${url}/api/v1/projects/${owner.projectId}/keys`, {
    method: 'POST',
    headers: owner.headers,
    body: JSON.stringify({ name: 'Website', kind: 'client', environment }),
  });
  return (await created<{ key: string }>(response, 'client key creation')).key;
}

/** A browser page signed in as the owner: their session cookie, as the console's sign-in would have set it. */
export async function ownerPage(browser: Browser, url: string, owner: Owner): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const [name = '', value = ''] = (owner.headers.cookie ?? '').split('=');
  await context.addCookies([{ name, value, url }]);
  return context.newPage();
}
