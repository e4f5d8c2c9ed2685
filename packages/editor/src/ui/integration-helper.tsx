import type { EditorSession } from '@tabula/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasIntegrationCode } from '../integration/detect';
import { integrationCode } from '../integration/snippet';

export type IntegrationStatus = 'checking' | 'configured' | 'not-configured';

interface IntegrationHelperProps {
  session: EditorSession;
  page: Document;
  serverOrigin: string;
  /** Hears what the check found, to store as the experiment's integration-code flag; resolves once handled. */
  onChecked(configured: boolean): Promise<void>;
  onCopied(): void;
}

/** Copies through the clipboard API where the page allows it, and through a selected text field elsewhere. */
async function copyText(text: string, root: Node): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    root.appendChild(field);
    field.select();
    document.execCommand('copy');
    field.remove();
  }
}

/**
 * Spec §2/§8: whether the page carries the project's integration code. Checking lasts until the experiment's flag is
 * stored; without the code the helper says so, with the code to paste before `</head>` and a copy button.
 */
export function IntegrationHelper({ session, page, serverOrigin, onChecked, onCopied }: IntegrationHelperProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<IntegrationStatus>('checking');
  const code = integrationCode(session, serverOrigin);
  const store = useRef(onChecked);
  store.current = onChecked;
  // The project is all the check depends on; the session object itself changes with every save.
  const { projectId } = session;
  const keys = session.clientKeys.map((key) => key.key).join(' ');

  const check = useCallback(async () => {
    setStatus('checking');
    const configured = hasIntegrationCode(page, { projectId, clientKeys: keys.split(' ') });
    await store.current(configured).catch(() => {});
    setStatus(configured ? 'configured' : 'not-configured');
  }, [page, projectId, keys]);

  useEffect(() => {
    void check();
  }, [check]);

  return (
    <section data-area="integration" data-integration={status}>
      <h2>{t('integration.title')}</h2>
      {status === 'checking' && <div className="notice">{t('integration.checking')}</div>}
      {status === 'configured' && (
        <div className="notice success">
          <strong>{t('integration.completed')}</strong>
          <div>{t('integration.configured')}</div>
        </div>
      )}
      {status === 'not-configured' && (
        <>
          <div className="notice warning">
            <strong>{t('integration.missing')}</strong>
            <div>{t('integration.advice')}</div>
          </div>
          <p className="muted">{t('integration.notConfigured')}</p>
          {code ? (
            <>
              <pre data-integration-code="">{code}</pre>
              <button
                type="button"
                data-action="copy-code"
                onClick={(event) => void copyText(code, event.currentTarget.getRootNode()).then(onCopied)}
              >
                {t('actions.copy')}
              </button>
            </>
          ) : (
            <div className="notice error">{t('integration.noKey')}</div>
          )}
        </>
      )}
      <button type="button" className="link" data-action="recheck" onClick={() => void check()}>
        {t('actions.recheck')}
      </button>
    </section>
  );
}
