import { type ApiHosts, envTagApiHost, envTagOf, PAGE_META, type PageMetaName } from '@tabula/protocol';
import type { Config } from '../../config';

/** Values the server writes into the console page, read by the console at start-up (spec §3, §7). */
export type PageValues = Pick<Config, 'releaseId' | 'platform' | 'deployEnv' | 'apiHosts' | 'editions'>;

/**
 * Every injected value under its meta name; the API host is the one this deployment's own tag selects. A host not
 * configured is the page's own origin: a console opened at 127.0.0.1 or a LAN address calls the server that served
 * it, not another origin its browser may not reach (or CORS refuses).
 */
export function pageMeta(values: PageValues, pageOrigin: string): Record<PageMetaName, string> {
  const { test, prod, sgProd } = values.apiHosts;
  const apiHosts: ApiHosts = { test: test ?? pageOrigin, prod: prod ?? pageOrigin, sgProd: sgProd ?? pageOrigin };
  return {
    releaseId: values.releaseId,
    apiHost: envTagApiHost(envTagOf(values.platform, values.deployEnv), apiHosts),
    platform: values.platform,
    environment: values.deployEnv,
    testApiHost: apiHosts.test,
    prodApiHost: apiHosts.prod,
    sgProdApiHost: apiHosts.sgProd,
    editions: JSON.stringify(values.editions),
  };
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const metaTag = (name: string, content: string) =>
  `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}">`;

/** Pure: the built index.html plus our meta tags right after <head>. */
export function renderIndexHtml(template: string, values: PageValues, pageOrigin: string): string {
  const meta = pageMeta(values, pageOrigin);
  const tags = (Object.keys(PAGE_META) as PageMetaName[]).map((key) => metaTag(PAGE_META[key], meta[key])).join('');
  const head = /<head(\s[^>]*)?>/i.exec(template);
  if (!head) return `${tags}${template}`;
  const at = head.index + head[0].length;
  return `${template.slice(0, at)}${tags}${template.slice(at)}`;
}
