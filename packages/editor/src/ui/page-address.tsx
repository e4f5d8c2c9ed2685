import { EDITOR_TOKEN_PARAM, type EditorSession, isSecurePageUrl, pageUrlMatches } from '@tabula/protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PageAddressProps {
  session: EditorSession;
  /** The page's address, without the token. */
  address: string;
  token: string;
  onOpen(url: string): void;
}

/** An absolute http(s) address, or null. */
function webAddress(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Spec §2: the page-address field. It shows whether this page is the experiment's, and opens another page with the
 * editor (the token goes along in its address). Spec §5: an experiment's page must be secure (see isSecurePageUrl).
 */
export function PageAddress({ session, address, token, onOpen }: PageAddressProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(address);
  const [error, setError] = useState<string | null>(null);
  const page = session.experiment.page;
  const open = () => {
    const url = webAddress(text);
    if (!url) return setError(t('prompts.inputValid', { s: t('page.address') }));
    url.searchParams.set(EDITOR_TOKEN_PARAM, token);
    onOpen(url.toString());
  };
  return (
    <section data-area="page-address">
      <label htmlFor={id}>
        <span>{t('page.address')}</span>
      </label>
      <div className="row">
        <input
          id={id}
          data-field="page-address"
          aria-invalid={error !== null}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => event.key === 'Enter' && open()}
        />
        <button type="button" data-action="open-page" onClick={open}>
          {t('actions.open')}
        </button>
      </div>
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
      {webAddress(text) && !isSecurePageUrl(text) && <div className="error">{t('page.https')}</div>}
      {!page ? (
        <div className="notice warning">{t('page.noPage')}</div>
      ) : pageUrlMatches(page.url, page.match, address) ? (
        <div className="notice success">{t('page.matches')}</div>
      ) : (
        <div className="notice warning">{t('page.notMatching', { url: page.url })}</div>
      )}
    </section>
  );
}
