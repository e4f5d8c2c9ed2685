import { type ProductFamily, sdkScriptUrl } from './constants';

/**
 * What the integration snippet is made of (spec §1), the same wherever it is written: the console's generator and the
 * visual editor's integration helper. The family decides which identity fields apply.
 */
export interface SnippetInput {
  family: ProductFamily;
  /** Where pages load the SDK from and send to: this server. */
  origin: string;
  clientKey: string;
  /** The key's environment's payload key, when that environment serves its payload encrypted. */
  decryptionKey?: string;
  /** Tab family: the app id; other families: the project id. Both are this project's id. */
  projectId: string;
  /**
   * Tab family: the signed-in user's id, or empty for anonymous visitors (the SDK then keeps a generated uuid).
   * Other families: the unit id used for traffic splitting.
   */
  unitId: string;
  enableUI: boolean;
  autoPoll: boolean;
  autoExposure: boolean;
  /** Live updates: the page receives each change over the SDK's stream instead of waiting for the next poll. */
  streaming: boolean;
}

export type SnippetStyle = 'script' | 'javascript';

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The client options the snippet passes, named as createClient() names them, in a stable order. */
export function snippetOptions(input: SnippetInput): [name: string, value: string | boolean][] {
  const identity: [string, string][] =
    input.family === 'tab'
      ? [['appId', input.projectId], ...(input.unitId ? [['userId', input.unitId] as [string, string]] : [])]
      : [
          ['projectId', input.projectId],
          ['unitId', input.unitId],
        ];
  return [
    ['apiHost', input.origin],
    ['clientKey', input.clientKey],
    ...(input.decryptionKey ? [['decryptionKey', input.decryptionKey] as [string, string]] : []),
    ...identity,
    ['enableUI', input.enableUI],
    ['autoPoll', input.autoPoll],
    ['autoExposure', input.autoExposure],
    ['streaming', input.streaming],
  ];
}

// enableUI → data-enable-ui: a run of capitals is one word.
const toDataAttribute = (name: string) => `data-${name.replace(/([a-z0-9])([A-Z]+)/g, '$1-$2').toLowerCase()}`;

/**
 * The code to paste before </head>. The script-tag form configures the SDK through data attributes, so it runs
 * under a strict Content-Security-Policy (no inline script), and loads the SDK with the payload (its address names
 * the client key); the JavaScript form keeps the client in a variable.
 */
export function buildSnippet(input: SnippetInput, style: SnippetStyle): string {
  const options = snippetOptions(input);
  if (style === 'script') {
    const src = sdkScriptUrl(input.origin, input.family, input.clientKey);
    const attributes = options.map(([name, value]) => `  ${toDataAttribute(name)}="${escapeAttribute(String(value))}"`);
    return [`<script src="${escapeAttribute(src)}"`, ...attributes].join('\n').concat('></script>');
  }
  const body = options.map(([name, value]) => `  ${name}: ${JSON.stringify(value)},`);
  return [
    `<script src="${escapeAttribute(sdkScriptUrl(input.origin, input.family))}"></script>`,
    '<script>',
    `  window.tabula = Tabula.createClient({`,
    ...body.map((line) => `  ${line}`),
    '  });',
    '</script>',
  ].join('\n');
}
