import { sdkScriptUrl } from '@tabula/protocol';

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The integration code to paste before `</head>`: the SDK from this server, configured by data attributes (no inline
 * script, so it works under a strict Content-Security-Policy), with visual experiments on. Null without a client key.
 */
export function integrationCode(input: {
  serverOrigin: string;
  projectId: string;
  clientKeys: readonly { key: string; environment: string }[];
}): string | null {
  const key = input.clientKeys.find((candidate) => candidate.environment === 'production') ?? input.clientKeys[0];
  if (!key) return null;
  const attributes = [
    ['src', sdkScriptUrl(input.serverOrigin, 'abc', key.key)],
    ['data-client-key', key.key],
    ['data-project-id', input.projectId],
    ['data-enable-ui', 'true'],
  ];
  return `<script ${attributes.map(([name, value]) => `${name}="${escapeAttribute(value!)}"`).join(' ')}></script>`;
}
