// How fast the server answers the OpenFeature Remote Evaluation Protocol next to its own online evaluation, on one
// server with the same flags and the same visitors: 50 flags of every type (static, targeted, rolled out by
// percentage, off, serving the params of a running experiment), each request for another visitor. OFREP's single-flag
// route asks what native evaluation with `flags: [key]` asks, so it should cost about the same: within 10%. The bulk
// route evaluates all 50 flags per request. After a warm-up of every route, the routes run in short rounds, single and
// native in alternating order, so that what else the machine does weighs on both alike. The database is PGlite, or
// PostgreSQL when DATABASE_URL is set: every route records flag usage, and OFREP the visitors' exposures.
import autocannon from 'autocannon';
import { createClientKey, type Owner, signUpOwnerWithProject } from '../e2e/support/owner';
import { startServer } from '../e2e/support/server';

const FLAGS = 50;
const VISITORS = 20_000;
const CONNECTIONS = 10;
// autocannon stops on its one-second tick: durations are whole seconds.
const WARM_UP_SECONDS = 1;
const ROUNDS = 6;
const ROUND_SECONDS = 1;
/** Checked before the load: single, bulk and native must serve these visitors the same. */
const CHECKED_EVALUATIONS = 60;
const TARGET = 0.9;

const COUNTRIES = ['US', 'NL', 'DE', 'FR', 'GB', 'JP', 'BR', 'IN'];
const PLANS = ['free', 'free', 'pro', 'team'];
const PLATFORMS = ['ios', 'android', 'web'];
const TYPES = ['boolean', 'string', 'number', 'json'] as const;
const EXPERIMENT = 'checkout';

type FlagType = (typeof TYPES)[number];
type Route = 'single' | 'bulk' | 'native';

const flagKey = (index: number) => `flag-${String(index).padStart(2, '0')}`;

const VARIANTS: Record<Exclude<FlagType, 'boolean'>, { key: string; value: unknown }[]> = {
  string: [
    { key: 'off', value: 'classic' },
    { key: 'on', value: 'modern' },
  ],
  number: [
    { key: 'off', value: 10 },
    { key: 'on', value: 25 },
  ],
  json: [
    { key: 'off', value: { color: 'blue', items: 3 } },
    { key: 'on', value: { color: 'green', items: 5, badge: 'new' } },
  ],
};

const rollout = (percent: number) => ({
  kind: 'rollout',
  weights: [
    { variant: 'on', weight: percent * 100 },
    { variant: 'off', weight: 10_000 - percent * 100 },
  ],
});
const serveOn = { kind: 'variant', variant: 'on' };

/** The rules of flag `index` in production: a mix as a shop's flags have, one shape in five of each. */
function rulesOf(index: number) {
  switch (index % 5) {
    case 0:
      return [];
    case 1:
      return [{ conditions: [{ attribute: 'country', operator: 'in', values: ['NL', 'DE', 'FR'] }], serve: serveOn }];
    case 2:
      return [{ serve: rollout(10 + ((index * 37) % 80)) }];
    case 3:
      return [
        { conditions: [{ attribute: 'plan', operator: 'eq', values: ['pro'] }], serve: serveOn },
        { conditions: [{ attribute: 'platform', operator: 'in', values: ['ios', 'android'] }], serve: rollout(50) },
      ];
    default:
      return [
        { conditions: [{ attribute: 'appVersion', operator: 'semver_gt', values: ['2.4.0'] }], serve: serveOn },
        { conditions: [{ attribute: 'sessions', operator: 'gte', values: [20] }], serve: rollout(30) },
      ];
  }
}

async function send(url: string, owner: Owner, method: string, path: string, body?: unknown) {
  const { 'content-type': _json, ...headers } = owner.headers;
  const response = await fetch(`${url}/api/v1/projects/${owner.projectId}${path}`, {
    method,
    headers: body === undefined ? headers : owner.headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

/** The flags and the experiment, written through the REST API as the console writes them. */
async function seed(url: string, owner: Owner) {
  await send(url, owner, 'POST', '/experiments', {
    key: EXPERIMENT,
    name: 'Checkout',
    versions: [
      { key: 'control', name: 'Control', weight: 5000, isControl: true, params: { layout: 'classic', steps: 3 } },
      { key: 'compact', name: 'Compact', weight: 5000, params: { layout: 'compact', steps: 2 } },
    ],
  });
  await send(url, owner, 'POST', `/experiments/${EXPERIMENT}/start`);
  // Written side by side: the server takes them one by one, but no request waits for the previous answer.
  await Promise.all(
    Array.from({ length: FLAGS }, async (_, index) => {
      const key = flagKey(index);
      // The last two serve the experiment's params; every eleventh flag is off.
      const param = index === FLAGS - 2 ? 'layout' : index === FLAGS - 1 ? 'steps' : null;
      const type: FlagType =
        param === 'layout' ? 'string' : param === 'steps' ? 'number' : TYPES[index % TYPES.length]!;
      const variants = type === 'boolean' ? undefined : VARIANTS[type];
      await send(url, owner, 'POST', '/flags', {
        key,
        name: key,
        type,
        variants,
        defaultVariant: 'off',
        offVariant: 'off',
      });
      const rules = param ? [{ serve: { kind: 'experiment', experiment: EXPERIMENT, param } }] : rulesOf(index);
      await send(url, owner, 'PUT', `/flags/${key}/environments/production`, { enabled: index % 11 !== 10, rules });
    }),
  );
}

/** Visitor v: every tenth has never opened the app (no version); the others spread over countries, plans and apps. */
function visitor(v: number): Record<string, string | number> {
  return {
    targetingKey: `visitor-${v.toString(36)}-${((v * 2_654_435_761) >>> 0).toString(16)}`,
    country: COUNTRIES[v % COUNTRIES.length]!,
    plan: PLANS[Math.floor(v / 3) % PLANS.length]!,
    platform: PLATFORMS[v % PLATFORMS.length]!,
    sessions: (v * 7) % 40,
    ...(v % 10 === 0 ? {} : { appVersion: `2.${(v >> 2) % 8}.${v % 5}` }),
  };
}

/** Request i asks visitor i for a flag that shifts on each pass over the visitors, as in the SDK evaluation bench. */
const requestOf = (i: number) => ({ visitor: i % VISITORS, flag: flagKey((i + Math.floor(i / VISITORS)) % FLAGS) });

const visitors = Array.from({ length: VISITORS }, (_, v) => visitor(v));
const ofrepBodies = visitors.map((context) => JSON.stringify({ context }));
// Native bodies end in the flag's key; the visitor's part is made once, like OFREP's whole body.
const nativeHeads = visitors.map(({ targetingKey, ...attributes }) =>
  JSON.stringify({ unitId: targetingKey, attributes, flags: [] }).slice(0, -2),
);

function routeRequest(route: Route, i: number, clientKey: string) {
  const { visitor: v, flag } = requestOf(i);
  if (route === 'native') return { path: `/sdk/v1/evaluate/${clientKey}`, body: `${nativeHeads[v]}"${flag}"]}` };
  return {
    path: route === 'single' ? `/ofrep/v1/evaluate/flags/${flag}` : '/ofrep/v1/evaluate/flags',
    body: ofrepBodies[v]!,
  };
}

/** What a route did under load; `next` is the request it sends next, so each round goes on to new visitors. */
interface Measured {
  next: number;
  requests: number;
  seconds: number;
  latenciesMs: number[];
  /** Requests per second of each run: how far rounds differ shows how steady the machine was. */
  runs: number[];
}

const measuredFrom = (next: number): Measured => ({ next, requests: 0, seconds: 0, latenciesMs: [], runs: [] });

async function load(url: string, clientKey: string, route: Route, seconds: number, into: Measured) {
  const options: autocannon.Options = {
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${clientKey}` },
        setupRequest: (request) => ({ ...request, ...routeRequest(route, into.next++, clientKey) }),
      },
    ],
  };
  // The callback form hands back the instance, whose events give every request's latency.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => into.latenciesMs.push(responseTime));
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${route}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.runs.push(result.requests.total / result.duration);
}

async function post(url: string, path: string, body: string, clientKey: string): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${clientKey}` },
    body,
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

interface Answer {
  key: string;
  value: unknown;
  variant?: string | null;
  reason: string;
}

/** The payload is rebuilt after each write: waits until it holds every flag. */
async function allFlagsServed(url: string, clientKey: string) {
  const deadline = Date.now() + 30_000;
  const body = JSON.stringify({ context: { targetingKey: 'bench' } });
  while (
    ((await post(url, '/ofrep/v1/evaluate/flags', body, clientKey)) as { flags: unknown[] }).flags.length < FLAGS
  ) {
    if (Date.now() > deadline) throw new Error(`the payload did not hold ${FLAGS} flags within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The three routes give the same answers for the first requests of the load. Returns how often each reason came, to show the rules were exercised.
 */
async function check(url: string, clientKey: string): Promise<Record<string, number>> {
  const reasons: Record<string, number> = {};
  const same = (a: Answer, b: Answer) => JSON.stringify([a.value, a.variant]) === JSON.stringify([b.value, b.variant]);
  const ask = async <T>({ path, body }: { path: string; body: string }) =>
    (await post(url, path, body, clientKey)) as T;
  for (let i = 0; i < CHECKED_EVALUATIONS; i++) {
    const { flag } = requestOf(i);
    const single = await ask<Answer>(routeRequest('single', i, clientKey));
    const bulk = await ask<{ flags: Answer[] }>(routeRequest('bulk', i, clientKey));
    const native = (await ask<{ flags: Record<string, Answer> }>(routeRequest('native', i, clientKey))).flags[flag];
    const fromBulk = bulk.flags.find((answer) => answer.key === flag);
    if (bulk.flags.length !== FLAGS) throw new Error(`bulk answered ${bulk.flags.length} flags, not ${FLAGS}`);
    if (!native || !fromBulk || !same(single, native) || !same(fromBulk, native))
      throw new Error(`${flag} differs: ${JSON.stringify({ single, fromBulk, native })}`);
    reasons[single.reason] = (reasons[single.reason] ?? 0) + 1;
  }
  return reasons;
}

const perSecond = ({ requests, seconds }: Measured) => Math.round(requests / seconds);
const ratio = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;

function p99Ms({ latenciesMs }: Measured): number {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return Math.round(sorted[Math.ceil(sorted.length * 0.99) - 1]! * 100) / 100;
}

// The limit stays on (its cost is OFREP's), set past what the load sends from one key and address.
const server = await startServer({ TABULA_OFREP_RATE_LIMIT: '100000000' });
try {
  const owner = await signUpOwnerWithProject(server.url);
  const clientKey = await createClientKey(server.url, owner);
  await seed(server.url, owner);
  await allFlagsServed(server.url, clientKey);
  const reasons = await check(server.url, clientKey);
  // Warm-up visitors are ones the measured rounds do not reach.
  for (const route of ['native', 'single', 'bulk'] as const)
    await load(server.url, clientKey, route, WARM_UP_SECONDS, measuredFrom(VISITORS / 2));
  // Each route walks the same visitors from the first, so all meet the same contexts.
  const measured: Record<Route, Measured> = { single: measuredFrom(0), native: measuredFrom(0), bulk: measuredFrom(0) };
  for (let round = 0; round < ROUNDS; round++) {
    const order: Route[] = round % 2 === 0 ? ['single', 'native', 'bulk'] : ['bulk', 'native', 'single'];
    for (const route of order) await load(server.url, clientKey, route, ROUND_SECONDS, measured[route]);
  }
  const singlePerSecond = perSecond(measured.single);
  const nativePerSecond = perSecond(measured.native);
  const singleVsNative = ratio(singlePerSecond, nativePerSecond);
  console.log(
    JSON.stringify({
      name: 'ofrep',
      database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
      flags: FLAGS,
      visitors: VISITORS,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      seconds: ROUNDS * ROUND_SECONDS,
      singlePerSecond,
      bulkPerSecond: perSecond(measured.bulk),
      nativePerSecond,
      singleP99Ms: p99Ms(measured.single),
      bulkP99Ms: p99Ms(measured.bulk),
      nativeP99Ms: p99Ms(measured.native),
      singleVsNative,
      singleVsNativeByRound: measured.single.runs.map((single, round) => ratio(single, measured.native.runs[round]!)),
      target: 'single within 10% of native',
      met: singleVsNative >= TARGET,
      reasons,
    }),
  );
} finally {
  await server.stop();
}
