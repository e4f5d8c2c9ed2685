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
