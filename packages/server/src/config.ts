import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ApiHosts,
  DEPLOY_ENVS,
  type DeployEnv,
  EDITIONS,
  type EditionsByHost,
  editionSchema,
  hostNameSchema,
  PLATFORMS,
  type Platform,
} from '@tabula/protocol';
import { z } from 'zod';
import packageJson from '../package.json' with { type: 'json' };

/** argon2id cost; lowered only by tests, through this explicit option. */
export interface PasswordHashingOptions {
  memoryCost: number;
  timeCost: number;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
}

export interface ClickHouseConfig {
  url: string;
  /** Tables are created ON CLUSTER, replicated, behind a Distributed table; null: one server's plain tables. */
  cluster: string | null;
}

/** The API hosts set for this deployment; null where the console is to call its own origin. */
export type ConfiguredApiHosts = { [Tag in keyof ApiHosts]: string | null };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  secret: string;
  publicUrl: string;
  secureCookies: boolean;
  /** The session cookie's Domain, for API hosts on sibling subdomains of the console's; null keeps it on one host. */
  cookieDomain: string | null;
  openSignup: boolean;
  /** Whether webhooks may be sent to this machine and private networks; off, only public addresses are reached. */
  webhookAllowPrivate: boolean;
  /** Whether the first sign-up on a fresh instance also gets the demo project. */
  demo: boolean;
  oidc: OidcConfig | null;
  consoleDir: string;
  /** Where the SDK's built bundle (tabula.js) is. */
  sdkDir: string;
  /** Where the visual editor's built bundle (editor.js) and its translations are. */
  editorDir: string;
  /** Where the demo's React shop is built (react-shop.js). */
  demoDir: string;
  /** Event batches one client key may send from one address per minute. */
  sdkEventRequestsPerMinute: number;
  /** Request headers, in order, the visitor's country is read from for breakdowns (set by a CDN in front). */
  countryHeaders: string[];
  /** OFREP evaluations one key may ask for from one address per minute. */
  ofrepRequestsPerMinute: number;
  releaseId: string;
  /** Spec §3/§4: the business platform and deployment environment the console page is told it runs in. */
  platform: Platform;
  deployEnv: DeployEnv;
  /**
   * Spec §4: the API host each environment tag selects; the console page gets all of them. One not configured is
   * null: the console calls the origin it was opened at, whatever address reached the server.
   */
  apiHosts: ConfiguredApiHosts;
  /** Spec §1: the edition each host name the console is served from selects. */
  editions: EditionsByHost;
  /** Reports one address may send to each of the console's reporting endpoints per minute. */
  rumRequestsPerMinute: number;
  /** Sign-ups, and uses of invitation and password reset links, one address may make per hour, each. */
  accountRequestsPerHour: number;
  /** Running experiments' results are refreshed this often; 0 leaves refreshing to people. */
  analysisRefreshMinutes: number;
  /** Events older than this many full months before the current one are dropped, a month at a time; 0 keeps all. */
  eventRetentionMonths: number;
  /** Serves `/metrics` to scrapers sending it as a bearer token; null: no `/metrics`. */
  metricsToken: string | null;
  /** Database connections one refresh of results shares its work over; always 1 on the embedded database. */
  analysisConnections: number;
  /**
   * Which peers' X-Forwarded-For / -Proto / -Host to believe (Fastify's `trustProxy`): none (false), every one (true),
   * or those at these addresses and ranges. Decides the client address that rate limits count by.
   */
  trustProxy: TrustProxy;
  /** Where server processes share their rate limits and sign-in throttle; null: each process counts on its own. */
  redisUrl: string | null;
  /**
   * Where SDK events are stored and analysed when they outgrow the SQL database: a ClickHouse HTTP address with its
   * user, password and database (`http://user:password@host:8123/tabula`), and the cluster its tables are made on.
   */
  clickhouse: ClickHouseConfig | null;
  /** What every key in Redis starts with; only tests change it, to keep their runs apart. */
  redisKeyPrefix: string;
  passwordHashing: PasswordHashingOptions;
  logger: boolean;
}

export type TrustProxy = boolean | string[];

export class ConfigError extends Error {}

export const DEFAULT_PASSWORD_HASHING: PasswordHashingOptions = { memoryCost: 19456, timeCost: 2 };
const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../console/dist', import.meta.url));
const DEFAULT_SDK_DIR = fileURLToPath(new URL('../../sdk/dist', import.meta.url));
const DEFAULT_EDITOR_DIR = fileURLToPath(new URL('../../editor/dist', import.meta.url));
const DEFAULT_DEMO_DIR = fileURLToPath(new URL('../dist/demo', import.meta.url));
/** Ten batches a second from one page or server is far beyond what an SDK's queue sends. */
const DEFAULT_SDK_EVENT_REQUESTS_PER_MINUTE = 600;
/**
 * A server-side OFREP provider asks once per flag evaluation, so one backend address sends what all its users cause:
 * the limit stops a runaway loop, not a busy service.
 */
const DEFAULT_OFREP_REQUESTS_PER_MINUTE = 60_000;
/** A console sends at most one batch a second per endpoint; an office behind one address holds many consoles. */
const DEFAULT_RUM_REQUESTS_PER_MINUTE = 600;
/** A person opens an account or uses a link a few times; a script, thousands. */
const DEFAULT_ACCOUNT_REQUESTS_PER_HOUR = 20;
const DEFAULT_ANALYSIS_REFRESH_MINUTES = 60;
/** A refresh is mostly index lookups, each in one PostgreSQL process: two keep two cores busy. */
const DEFAULT_ANALYSIS_CONNECTIONS = 2;
/** Where CDNs put the visitor's country: Cloudflare, CloudFront, Vercel, a common Fastly setup, App Engine. */
export const DEFAULT_COUNTRY_HEADERS = [
  'cf-ipcountry',
  'cloudfront-viewer-country',
  'x-vercel-ip-country',
  'x-country-code',
  'x-appengine-country',
];

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], 'expected true or false')
  .transform((value) => ['true', '1', 'yes'].includes(value))
  .optional();
const url = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
const perPeriod = (what: string, period: 'minute' | 'hour') =>
  optional.pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, `expected a whole number of ${what} per ${period}`)
      .transform(Number)
      .optional(),
  );
const perMinute = (what: string) => perPeriod(what, 'minute');
const EDITIONS_FORMAT = `expected host=edition pairs separated by commas, editions being ${EDITIONS.join(', ')}`;

/** `.example.com` names the same domain as `example.com`: browsers drop the leading dot. */
const cookieDomain = z.string().transform((text, context) => {
  const parsed = hostNameSchema.safeParse(text.replace(/^\./, ''));
  // A single label (`com`, `localhost`) is no domain a browser lets a cookie name.
  if (parsed.success && parsed.data.includes('.')) return parsed.data;
  context.issues.push({ code: 'custom', input: text, message: 'expected a domain name such as example.com' });
  return z.NEVER;
});

/** `ab.example.com=international,games.example.com=mini-games` → host → edition. */
const editionsByHost = z.string().transform((text, context) => {
  const editions: EditionsByHost = {};
  for (const pair of text.split(',')) {
    const [host = '', edition = '', ...rest] = pair.split('=').map((part) => part.trim());
    const parsedHost = hostNameSchema.safeParse(host);
    const parsedEdition = editionSchema.safeParse(edition);
    if (rest.length > 0 || !parsedHost.success || !parsedEdition.success) {
      context.issues.push({ code: 'custom', input: text, message: `${EDITIONS_FORMAT}; not "${pair.trim()}"` });
      return z.NEVER;
    }
    editions[parsedHost.data] = parsedEdition.data;
  }
  return editions;
});

const TRUST_PROXY_FORMAT =
  "expected false, true, or the proxies' addresses and ranges separated by commas (10.0.0.1, 10.0.0.0/8, loopback)";
/** proxy-addr's names for well-known ranges. */
const ADDRESS_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(text: string): boolean {
  if (ADDRESS_RANGE_NAMES.has(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `false` (the default), `true`, or `10.0.0.1, 10.1.0.0/16, loopback`. No hop count: Fastify cannot check the peer
 * that sends one, and trusts nobody for it.
 */
const trustProxy = z.string().transform((text, context): TrustProxy => {
  if (['false', 'no', '0'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return true;
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrRange)) return entries;
  context.issues.push({ code: 'custom', input: text, message: TRUST_PROXY_FORMAT });
  return z.NEVER;
});

const envSchema = z.object({
  PORT: optional.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'expected a port number from 0 to 65535')
      .transform(Number)
      .refine((port) => port <= 65535, 'expected a port number from 0 to 65535')
      .default(4000),
  ),
  HOST: optional,
  TABULA_DATA_DIR: optional,
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// connection string')
      .optional(),
  ),
  TABULA_SECRET: optional.pipe(z.string().min(32, 'expected at least 32 characters').optional()),
  TABULA_PUBLIC_URL: optional.pipe(url.optional()),
  TABULA_COOKIE_DOMAIN: optional.pipe(cookieDomain.optional()),
  TABULA_OPEN_SIGNUP: boolean,
  TABULA_WEBHOOK_ALLOW_PRIVATE: boolean,
  TABULA_DEMO: boolean,
  TABULA_OIDC_ISSUER: optional.pipe(url.optional()),
  TABULA_OIDC_CLIENT_ID: optional,
  TABULA_OIDC_CLIENT_SECRET: optional,
  TABULA_OIDC_LABEL: optional,
  TABULA_CONSOLE_DIR: optional,
  TABULA_SDK_DIR: optional,
  TABULA_EDITOR_DIR: optional,
  TABULA_SDK_EVENT_RATE_LIMIT: perMinute('requests'),
  TABULA_OFREP_RATE_LIMIT: perMinute('requests'),
  TABULA_COUNTRY_HEADER: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/, 'expected header names, separated by commas (e.g. cf-ipcountry)')
      .transform((names) => names.split(',').map((name) => name.trim().toLowerCase()))
      .optional(),
  ),
  TABULA_RELEASE_ID: optional,
  TABULA_PLATFORM: optional.pipe(z.enum(PLATFORMS, `expected one of ${PLATFORMS.join(', ')}`).optional()),
  TABULA_ENV: optional.pipe(z.enum(DEPLOY_ENVS, `expected one of ${DEPLOY_ENVS.join(', ')}`).optional()),
  TABULA_API_HOST_TEST: optional.pipe(url.optional()),
  TABULA_API_HOST_PROD: optional.pipe(url.optional()),
  TABULA_API_HOST_SG_PROD: optional.pipe(url.optional()),
  TABULA_EDITIONS: optional.pipe(editionsByHost.optional()),
  TABULA_RUM_RATE_LIMIT: perMinute('reports'),
  TABULA_ACCOUNT_RATE_LIMIT: perPeriod('requests', 'hour'),
  TABULA_TRUST_PROXY: optional.pipe(trustProxy.optional()),
  TABULA_METRICS_TOKEN: optional.pipe(z.string().min(16, 'expected at least 16 characters').optional()),
  TABULA_REDIS_URL: optional.pipe(
    z.url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// URL' }).optional(),
  ),
  TABULA_CLICKHOUSE_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL of ClickHouse' })
      .refine((address) => /^\/(?:[A-Za-z_][A-Za-z0-9_]*\/?)?$/.test(new URL(address).pathname), {
        error: 'expected the database as the path, in letters, digits and _ (e.g. http://host:8123/tabula)',
      })
      .optional(),
  ),
  TABULA_CLICKHOUSE_CLUSTER: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected the name of a cluster in ClickHouse remote_servers')
      .optional(),
  ),
  TABULA_ANALYSIS_REFRESH_MINUTES: optional.pipe(
    z
      .string()
      .regex(/^\d{1,6}$/, 'expected a whole number of minutes (0: never)')
      .transform(Number)
      .optional(),
  ),
  TABULA_EVENT_RETENTION_MONTHS: optional.pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, 'expected a whole number of months (0: keep events forever)')
      .transform(Number)
      .optional(),
  ),
  TABULA_ANALYSIS_CONNECTIONS: optional.pipe(
    z
      .string()
      .regex(/^[1-8]$/, 'expected a number of connections from 1 to 8')
      .transform(Number)
      .optional(),
  ),
});
type Env = z.infer<typeof envSchema>;

function parseEnv(env: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0]);
  throw new ConfigError(`Invalid environment variable ${name}=${JSON.stringify(env[name])}: ${issue.message}`);
}

function oidcFrom(env: Env): OidcConfig | null {
  const { TABULA_OIDC_ISSUER: issuer, TABULA_OIDC_CLIENT_ID: clientId, TABULA_OIDC_CLIENT_SECRET: clientSecret } = env;
  if (!issuer && !clientId && !clientSecret) return null;
  if (!issuer || !clientId || !clientSecret) {
    throw new ConfigError(
      'Invalid environment: set TABULA_OIDC_ISSUER, TABULA_OIDC_CLIENT_ID and TABULA_OIDC_CLIENT_SECRET together, or none of them',
    );
  }
  return { issuer, clientId, clientSecret, label: env.TABULA_OIDC_LABEL ?? 'Single sign-on' };
}

/** A generated secret must survive restarts, or every signed cookie would break; only the server may read it. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** A browser refuses a cookie whose domain does not contain the host that sets it: nobody could sign in. */
function cookieDomainFor(publicUrl: string, domain: string | undefined): string | null {
  if (!domain) return null;
  const host = new URL(publicUrl).hostname;
  if (host === domain || host.endsWith(`.${domain}`)) return domain;
  throw new ConfigError(
    `Invalid environment: TABULA_COOKIE_DOMAIN=${domain} must be the host of TABULA_PUBLIC_URL (${host}) or a parent domain of it`,
  );
}

const withoutTrailingSlash = (address: string) => address.replace(/\/+$/, '');

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = parseEnv(env);
  const dataDir = resolve(parsed.TABULA_DATA_DIR ?? './data');
  const publicUrl = withoutTrailingSlash(parsed.TABULA_PUBLIC_URL ?? `http://localhost:${parsed.PORT}`);
  // One server is test and production API alike unless a deployment names separate hosts.
  const apiHost = (value: string | undefined) => (value ? withoutTrailingSlash(value) : null);
  return {
    port: parsed.PORT,
    host: parsed.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: parsed.DATABASE_URL ?? null,
    secret: parsed.TABULA_SECRET ?? loadOrCreateSecret(dataDir),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    cookieDomain: cookieDomainFor(publicUrl, parsed.TABULA_COOKIE_DOMAIN),
    openSignup: parsed.TABULA_OPEN_SIGNUP ?? false,
    webhookAllowPrivate: parsed.TABULA_WEBHOOK_ALLOW_PRIVATE ?? false,
    demo: parsed.TABULA_DEMO ?? true,
    oidc: oidcFrom(parsed),
    consoleDir: parsed.TABULA_CONSOLE_DIR ? resolve(parsed.TABULA_CONSOLE_DIR) : DEFAULT_CONSOLE_DIR,
    sdkDir: parsed.TABULA_SDK_DIR ? resolve(parsed.TABULA_SDK_DIR) : DEFAULT_SDK_DIR,
    editorDir: parsed.TABULA_EDITOR_DIR ? resolve(parsed.TABULA_EDITOR_DIR) : DEFAULT_EDITOR_DIR,
    demoDir: DEFAULT_DEMO_DIR,
    sdkEventRequestsPerMinute: parsed.TABULA_SDK_EVENT_RATE_LIMIT ?? DEFAULT_SDK_EVENT_REQUESTS_PER_MINUTE,
    countryHeaders: parsed.TABULA_COUNTRY_HEADER ?? DEFAULT_COUNTRY_HEADERS,
    ofrepRequestsPerMinute: parsed.TABULA_OFREP_RATE_LIMIT ?? DEFAULT_OFREP_REQUESTS_PER_MINUTE,
    releaseId: parsed.TABULA_RELEASE_ID ?? packageJson.version,
    platform: parsed.TABULA_PLATFORM ?? 'gcp',
    deployEnv: parsed.TABULA_ENV ?? 'prod',
    apiHosts: {
      test: apiHost(parsed.TABULA_API_HOST_TEST),
      prod: apiHost(parsed.TABULA_API_HOST_PROD),
      sgProd: apiHost(parsed.TABULA_API_HOST_SG_PROD),
    },
    editions: parsed.TABULA_EDITIONS ?? {},
    rumRequestsPerMinute: parsed.TABULA_RUM_RATE_LIMIT ?? DEFAULT_RUM_REQUESTS_PER_MINUTE,
    accountRequestsPerHour: parsed.TABULA_ACCOUNT_RATE_LIMIT ?? DEFAULT_ACCOUNT_REQUESTS_PER_HOUR,
    analysisRefreshMinutes: parsed.TABULA_ANALYSIS_REFRESH_MINUTES ?? DEFAULT_ANALYSIS_REFRESH_MINUTES,
    eventRetentionMonths: parsed.TABULA_EVENT_RETENTION_MONTHS ?? 0,
    analysisConnections: parsed.DATABASE_URL ? (parsed.TABULA_ANALYSIS_CONNECTIONS ?? DEFAULT_ANALYSIS_CONNECTIONS) : 1,
    trustProxy: parsed.TABULA_TRUST_PROXY ?? false,
    metricsToken: parsed.TABULA_METRICS_TOKEN ?? null,
    redisUrl: parsed.TABULA_REDIS_URL ?? null,
    clickhouse: parsed.TABULA_CLICKHOUSE_URL
      ? { url: parsed.TABULA_CLICKHOUSE_URL, cluster: parsed.TABULA_CLICKHOUSE_CLUSTER ?? null }
      : null,
    redisKeyPrefix: 'tabula:',
    passwordHashing: DEFAULT_PASSWORD_HASHING,
    logger: true,
  };
}
