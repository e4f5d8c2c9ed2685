import { envTagApiHost, envTagOf, PAGE_META, type PageMetaName } from '@tabula/protocol';
import type { Config } from '../../config';

/** Values the server writes into the console page, read by the console at start-up (spec §3, §7). */
export type PageValues = Pick<Config, 'releaseId' | 'platform' | 'deployEnv' | 'apiHosts' | 'editions'>;

/** Every injected value under its meta name; the API host is the one this deployment's own tag selects. */
export function pageMeta(values: PageValues): Record<PageMetaName, string> {
  return {
    releaseId: values.releaseId,
    apiHost: envTagApiHost(envTagOf(values.platform, values.deployEnv), values.apiHosts),
    platform: values.platform,
    environment: values.deployEnv,
    testApiHost: values.apiHosts.test,
    prodApiHost: values.apiHosts.prod,
    sgProdApiHost: values.apiHosts.sgProd,
    editions: JSON.stringify(values.editions),
  };
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const metaTag = (name: string, content: string) =>
  `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}">`;

/** Pure: the built index.html plus our meta tags right after <head>. */
export function renderIndexHtml(template: string, values: PageValues): string {
  const meta = pageMeta(values);
  const tags = (Object.keys(PAGE_META) as PageMetaName[]).map((key) => metaTag(PAGE_META[key], meta[key])).join('');
  const head = /<head(\s[^>]*)?>/i.exec(template);
  if (!head) return `${tags}${template}`;
  const at = head.index + head[0].length;
  return `${template.slice(0, at)}${tags}${template.slice(at)}`;
}
