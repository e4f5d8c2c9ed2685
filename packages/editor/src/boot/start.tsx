import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createEditorApi } from '../api/client';
import { createEditorI18n } from '../i18n/i18n';
import { EditorApp } from '../ui/editor-app';
import { EDITOR_CSS } from '../ui/styles';
import type { Launch } from './launch';

/** The element the editor lives in, after the page's <body> so that selectors of the page's elements never count it. */
export const EDITOR_HOST_TAG = 'tabula-editor';

/**
 * Mounts the editor over the page, in a shadow root of its own, once: a second start while it is open does nothing.
 * Resolves when it is shown; its Exit takes it away again and leaves the page as it was.
 */
export async function startEditor(launch: Launch): Promise<void> {
  if (document.querySelector(EDITOR_HOST_TAG)) return;
  const host = document.createElement(EDITOR_HOST_TAG);
  document.documentElement.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(EDITOR_CSS);
  shadow.adoptedStyleSheets = [sheet];
  const container = document.createElement('div');
  shadow.append(container);

  const i18n = await createEditorI18n(launch.serverOrigin);
  const root = createRoot(container);
  const exit = () => {
    root.unmount();
    host.remove();
  };
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <EditorApp
          api={createEditorApi(launch)}
          token={launch.token}
          serverOrigin={launch.serverOrigin}
          page={window}
          host={host}
          onExit={exit}
        />
      </I18nextProvider>
    </StrictMode>,
  );
}
