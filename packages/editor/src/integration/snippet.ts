import { buildSnippet, type EditorSession } from '@tabula/protocol';

/**
 * The integration code to paste before `</head>`: the snippet the console's Integration page writes for the console's
 * edition (spec §1), as a script tag configured by data attributes (no inline script, so it works under a strict
 * Content-Security-Policy), with visual experiments on, for the production key if there is one. Null without a client
 * key.
 */
export function integrationCode(
  session: Pick<EditorSession, 'family' | 'projectId' | 'clientKeys'>,
  serverOrigin: string,
): string | null {
  const key = session.clientKeys.find((candidate) => candidate.environment === 'production') ?? session.clientKeys[0];
  if (!key) return null;
  return buildSnippet(
    {
      family: session.family,
      origin: serverOrigin,
      clientKey: key.key,
      decryptionKey: key.decryptionKey ?? undefined,
      projectId: session.projectId,
      unitId: '',
      enableUI: true,
      autoPoll: true,
      autoExposure: false,
      streaming: true,
    },
    'script',
  );
}
