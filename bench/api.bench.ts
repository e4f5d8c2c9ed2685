// How fast the server answers a signed-in console request (session lookup, CSRF and role checks, a project-scoped
// query) next to a request that skips all of that (/api/health), on the database this run is configured for.
import autocannon from 'autocannon';
import { signUpOwnerWithProject } from '../e2e/support/owner';
import { startServer } from '../e2e/support/server';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;

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
  const { cookie = '' } = (await signUpOwnerWithProject(server.url)).headers;
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
