import {
  type ApiHosts,
  apiHostSchema,
  type DeployEnv,
  deployEnvSchema,
  PAGE_META,
  type Platform,
  platformSchema,
} from '@tabula/protocol';

/** Spec §3: what the server injects into the page about where this console runs. */
export interface EnvConfig {
  apiHost: string;
  platform: Platform;
  environment: DeployEnv;
  /** Each environment tag's API host, for the developer tool (spec §4). */
  apiHosts: ApiHosts;
}

/** Spec §8: raised, asynchronously, when an injected value is missing. */
export const ENV_CONFIG_ABNORMAL = 'environment config abnormal, real business has failed';

/** A `<meta name>` lookup: the page's in the browser, a table in tests. */
export type ReadMeta = (name: string) => string | undefined;

export const metaReader =
  (doc: Document): ReadMeta =>
  (name) =>
    doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() || undefined;

const injected = {
  apiHost: [PAGE_META.apiHost, apiHostSchema],
  platform: [PAGE_META.platform, platformSchema],
  environment: [PAGE_META.environment, deployEnvSchema],
  test: [PAGE_META.testApiHost, apiHostSchema],
  prod: [PAGE_META.prodApiHost, apiHostSchema],
  sgProd: [PAGE_META.sgProdApiHost, apiHostSchema],
} as const;

export interface EnvConfigReading {
  config: EnvConfig;
  /** What the reporter files when the page lacked a value: null when everything was there. */
  problem: string | null;
}

/**
 * Spec §4: with every value injected and valid, the page's own configuration; otherwise the production API host,
 * platform gcp and environment prod, and a problem naming what was wrong. The production host is the injected one
 * when that much is readable, else the page's own origin — a self-hosted console is served by its API server.
 */
export function readEnvConfig(meta: ReadMeta, pageOrigin: string): EnvConfigReading {
  const values: Record<string, string> = {};
  const wrong: string[] = [];
  for (const [key, [name, schema]] of Object.entries(injected)) {
    const parsed = schema.safeParse(meta(name));
    if (parsed.success) values[key] = parsed.data;
    else wrong.push(name);
  }
  if (wrong.length === 0) {
    const { apiHost, platform, environment, test, prod, sgProd } = values as Record<keyof typeof injected, string>;
    return {
      config: {
        apiHost,
        platform: platform as Platform,
        environment: environment as DeployEnv,
        apiHosts: { test, prod, sgProd },
      },
      problem: null,
    };
  }
  const production = values.prod ?? pageOrigin;
  return {
    config: {
      apiHost: production,
      platform: 'gcp',
      environment: 'prod',
      apiHosts: { test: production, prod: production, sgProd: production },
    },
    problem: `${ENV_CONFIG_ABNORMAL} (missing or invalid: ${wrong.join(', ')})`,
  };
}
