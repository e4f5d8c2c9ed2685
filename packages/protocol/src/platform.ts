import { z } from 'zod';
import type { ProductFamily } from './constants';

/** Spec §4: the business platforms and the deployment environments a console runs in. */
export const PLATFORMS = ['gcp', 'sg'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const DEPLOY_ENVS = ['local', 'test', 'prod'] as const;
export type DeployEnv = (typeof DEPLOY_ENVS)[number];
export const platformSchema = z.enum(PLATFORMS);
export const deployEnvSchema = z.enum(DEPLOY_ENVS);
/** An API host as the page carries it: an http(s) address, without a trailing slash. */
export const apiHostSchema = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

/** Spec §4: an environment tag pairs a platform with the environment whose API host it selects. */
export interface EnvTag {
  platform: Platform;
  /** Local behaves like test for tag selection, so a tag names test or prod only. */
  environment: 'test' | 'prod';
}

export const DEFAULT_ENV_TAG: EnvTag = { platform: 'gcp', environment: 'test' };

/** The API host of each tag's target (spec §4): both test tags share one host. */
export interface ApiHosts {
  test: string;
  prod: string;
  sgProd: string;
}

export const envTagOf = (platform: Platform, environment: DeployEnv): EnvTag => ({
  platform,
  environment: environment === 'prod' ? 'prod' : 'test',
});

export function envTagApiHost(tag: EnvTag, hosts: ApiHosts): string {
  if (tag.environment === 'test') return hosts.test;
  return tag.platform === 'sg' ? hosts.sgProd : hosts.prod;
}

/** `gcp/test`: how a tag is written in the developer-tool cookie and shown to people. */
export const formatEnvTag = (tag: EnvTag): string => `${tag.platform}/${tag.environment}`;

export function parseEnvTag(text: string): EnvTag | undefined {
  const [platform, environment, ...rest] = text.split('/');
  if (rest.length > 0 || !PLATFORMS.includes(platform as Platform)) return undefined;
  if (environment !== 'test' && environment !== 'prod') return undefined;
  return { platform: platform as Platform, environment };
}

export const ENV_TAGS: EnvTag[] = PLATFORMS.flatMap((platform) =>
  (['test', 'prod'] as const).map((environment) => ({ platform, environment })),
);

/** Spec §1: the editions, each chosen by the host name the console is served from. */
export const EDITIONS = ['international', 'mini-games', 'internal-tab', 'payment-tab'] as const;
export type Edition = (typeof EDITIONS)[number];
export const editionSchema = z.enum(EDITIONS);

/** Spec §1: the product family each edition selects. */
export const EDITION_FAMILY: Record<Edition, ProductFamily> = {
  international: 'abc',
  'mini-games': 'mg',
  'internal-tab': 'tab',
  'payment-tab': 'tab',
};

/** Spec §1: with no edition named by the host and no stored theme, the internal tab edition applies. */
export const DEFAULT_EDITION: Edition = 'internal-tab';

/** A host name as browsers report `location.hostname`: lowercase labels, or an IPv4 address. */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'Please input valid host name',
  );

/** Host name → edition, as the server is configured and injects it into the console page. */
export const editionsByHostSchema = z.record(hostNameSchema, editionSchema);
export type EditionsByHost = z.infer<typeof editionsByHostSchema>;

/** The edition a host name selects, if it selects one (own keys only: `constructor` names no edition). */
export const hostEdition = (hostname: string, editions: EditionsByHost): Edition | null => {
  const host = hostname.toLowerCase();
  return Object.hasOwn(editions, host) ? (editions[host] as Edition) : null;
};

/**
 * Spec §3/§7: the `<meta name>` of each value the server writes into the console page. The editions map travels as
 * JSON; the rest are plain text.
 */
export const PAGE_META = {
  releaseId: 'x-release-id',
  apiHost: 'x-api-host',
  platform: 'x-platform',
  environment: 'x-env',
  testApiHost: 'x-api-host-test',
  prodApiHost: 'x-api-host-prod',
  sgProdApiHost: 'x-api-host-sg-prod',
  editions: 'x-editions',
} as const;
export type PageMetaName = keyof typeof PAGE_META;
