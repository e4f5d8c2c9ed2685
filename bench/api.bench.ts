// How fast the server answers a signed-in console request (session lookup, CSRF and role checks, a project-scoped
// query) next to a request that skips all of that (/api/health), on the database this run is configured for.
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;

async function signUp(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench@example.com',
      password: 'benchmark-password',
      name: 'Bench',
      organizationName: 'Bench',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('sign-up set no session cookie');
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const created = await fetch(`${url}/api/v1/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({ name: 'Bench project' }),
  });
  if (created.status !== 201) throw new Error(`project creation failed: ${created.status}`);
  return cookie;
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
  };
}

const server = await startServer();
try {
  const cookie = await signUp(server.url);
  const health = await load(`${server.url}/api/health`);
  const projects = await load(`${server.url}/api/v1/projects`, { cookie });
  console.log(
    JSON.stringify({
      name: 'api',
      database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
      connections: CONNECTIONS,
      seconds: DURATION_SECONDS,
      health,
      signedInProjectList: projects,
    }),
  );
} finally {
  await server.stop();
}
