import { DEMO_PATHS, type DemoVariant } from './variants';

/** Good for text and for double-quoted attribute values alike. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1f2329}
nav{max-width:640px;margin:24px auto 0;padding:0 32px;color:#646a73}nav a{color:#1677ff}
nav a[aria-current]{color:inherit;font-weight:600;text-decoration:none}
main{max-width:640px;margin:16px auto 48px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001}
h1{margin-top:0}dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px}dt{color:#646a73}
dd{margin:0;font-weight:600}button{font:inherit;color:#fff;background:#1677ff;border:0;border-radius:8px;
padding:10px 20px;cursor:pointer}input{font:inherit;padding:8px;width:100%;box-sizing:border-box;margin:8px 0}
small{color:#646a73}#countdown{color:#cf1322;font-weight:600}
#best-sellers{display:flex;gap:8px;padding:0;list-style:none}#best-sellers li{padding:4px 12px;border-radius:16px;
background:#f0f5ff}`;

/** A whole page; `head` goes after the styles. */
export const htmlDocument = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Tabula demo shop</title><style>${STYLE}</style>${head}</head><body>${body}</body></html>`;

export interface ShopKey {
  clientKey: string;
  projectId: string;
  /** The environment's payload key, when it serves its payload encrypted. */
  decryptionKey: string | null;
}

/**
 * The SDK's snippet as a customer pastes it before </head>: options as data attributes (no inline script, so the
 * server's strict Content-Security-Policy holds), and visual experiments on, applied before the body is painted: the
 * SDK comes with the key's payload, so even a first visit does not wait for it. An environment that encrypts its
 * payload gives the key beside the client key.
 */
export const snippetTag = ({ clientKey, projectId, decryptionKey }: ShopKey) =>
  `<script src="/sdk/tabula.js?key=${escapeHtml(encodeURIComponent(clientKey))}" data-client-key="${escapeHtml(clientKey)}"${decryptionKey ? ` data-decryption-key="${escapeHtml(decryptionKey)}"` : ''} data-project-id="${escapeHtml(projectId)}" data-streaming="true" data-enable-ui="true"></script>`;

const VARIANT_NAMES: Record<DemoVariant, string> = { plain: 'plain HTML', react: 'React' };

/** Links between the variants of the shop, for the same key. */
export function variantLinks(clientKey: string, current: DemoVariant): string {
  const links = (Object.keys(DEMO_PATHS) as DemoVariant[]).map((variant) => {
    const href = `${DEMO_PATHS[variant]}?key=${encodeURIComponent(clientKey)}`;
    const here = variant === current ? ' aria-current="page"' : '';
    return `<a href="${escapeHtml(href)}"${here}>${VARIANT_NAMES[variant]}</a>`;
  });
  return `<nav>This shop in ${links.join(' · ')}</nav>`;
}
