/** Values the server writes into the console page, read by the console at start-up (spec §7 release id). */
export interface PageValues {
  releaseId: string;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const metaTag = (name: string, content: string) =>
  `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}">`;

/** Pure: the built index.html plus our meta tags right after <head>. */
export function renderIndexHtml(template: string, values: PageValues): string {
  const tags = [metaTag('x-release-id', values.releaseId)].join('');
  const head = /<head(\s[^>]*)?>/i.exec(template);
  if (!head) return `${tags}${template}`;
  const at = head.index + head[0].length;
  return `${template.slice(0, at)}${tags}${template.slice(at)}`;
}
