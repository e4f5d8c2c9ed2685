// Payload requests per second through HAProxy with one and with three Tabula servers on one PostgreSQL, beside the
// same server answered directly: the balancer's cost, and what more servers bring. On this machine's two cores the
// servers, the balancer and the load generator share the same CPUs, so three servers measure overhead, not scaling;
// the per-core figures are what a capacity plan can use. Needs PostgreSQL (DATABASE_URL, or the local one).
import autocannon from 'autocannon';
import { flagsApi } from '../e2e/support/flags-api';
import { startLoadBalancer } from '../e2e/support/load-balancer';
import { createClientKey, signUpOwnerWithProject } from '../e2e/support/owner';
import { freePort, type RunningServer, startServer } from '../e2e/support/server';

const FLAGS = 50;
const DURATION_SECONDS = 5;
const CONNECTIONS = 20;
const CORES = 2;

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const env = { TABULA_SECRET: 'cluster-bench-shared-secret-'.padEnd(48, 'x') };

async function rate(url: string): Promise<{ requestsPerSecond: number; p99Ms: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  if (result.errors > 0 || result['2xx'] !== result.requests.total) {
    throw new Error(`${url}: ${result.requests.total} requests, ${result['2xx']} answered 200`);
  }
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

const servers: RunningServer[] = [await startServer(env)];
try {
  servers.push(...(await Promise.all([1, 2].map(() => startServer(env, { sharingDatabaseOf: servers[0]! })))));
  const owner = await signUpOwnerWithProject(servers[0]!.url);
  const clientKey = await createClientKey(servers[0]!.url, owner);
  const flags = flagsApi(servers[0]!.url, owner);
  for (let index = 0; index < FLAGS; index++) {
    await flags.create({ key: `cluster-flag-${index}`, name: `Cluster flag ${index}`, type: 'boolean' });
  }
  const path = `/sdk/v1/payload/${clientKey}`;
  const direct = await rate(`${servers[0]!.url}${path}`);
  const one = await startLoadBalancer(await freePort(), [servers[0]!.port]);
  const throughOne = await rate(`${one.url}${path}`).finally(() => one.stop());
  const three = await startLoadBalancer(
    await freePort(),
    servers.map((server) => server.port),
  );
  const throughThree = await rate(`${three.url}${path}`).finally(() => three.stop());
  console.log(
    JSON.stringify({
      name: 'cluster',
      database: 'postgresql',
      balancer: 'haproxy',
      flags: FLAGS,
      connections: CONNECTIONS,
      seconds: DURATION_SECONDS,
      cores: CORES,
      direct,
      oneServer: throughOne,
      threeServers: throughThree,
      balancerCostPercent: Math.round((1 - throughOne.requestsPerSecond / direct.requestsPerSecond) * 100),
      directPerCore: Math.round(direct.requestsPerSecond / CORES),
      note: 'servers, balancer and load generator share 2 cores: three servers measure overhead, not scaling',
    }),
  );
} finally {
  for (const server of servers.slice(1)) await server.halt();
  await servers[0]!.stop();
}
