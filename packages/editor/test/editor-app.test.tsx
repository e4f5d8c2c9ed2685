import type { AddEditorGoalBody, EditorSession, SaveEditorVersionsBody } from '@tabula/protocol';
import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type EditorApi, EditorApiError } from '../src/api/client';
import { EditorApp } from '../src/ui/editor-app';
import { englishI18n } from './i18n';

const SESSION: EditorSession = {
  projectId: 'prj123',
  family: 'abc',
  experiment: {
    key: 'hero',
    name: 'Hero',
    status: 'draft',
    // Fuzzy matching ignores the scheme: this is the page the tests run on (http://localhost:<port>/).
    page: { url: 'https://localhost*/', match: 'fuzzy' },
    integrationConfigured: true,
  },
  versions: [
    { key: 'control', name: 'Control', weight: 5000, isControl: true, changeRecords: [] },
    { key: 'treatment', name: 'Treatment', weight: 5000, isControl: false, changeRecords: [] },
  ],
  goals: [],
  clientKeys: [{ key: 'tbc_key', environment: 'production', decryptionKey: null }],
  customScripts: { enabled: false, canWrite: false },
  expiresAt: '2030-01-01T00:00:00.000Z',
};

/** The server's side of the editor's calls, kept in memory: what was saved is what the next session shows. */
function serverApi(page: EditorSession['experiment']['page']) {
  let session = structuredClone(SESSION);
  session.experiment.page = page;
  const saved: SaveEditorVersionsBody[] = [];
  const integration: boolean[] = [];
  const goals: AddEditorGoalBody[] = [];
  const api: EditorApi = {
    session: async () => session,
    saveVersions: async (body) => {
      saved.push(body);
      session = {
        ...session,
        versions: session.versions.map((version) => ({
          ...version,
          changeRecords: body.versions.find((given) => given.key === version.key)!.changeRecords,
        })),
      };
      return session;
    },
    setIntegration: async (body) => {
      integration.push(body.configured);
      session = { ...session, experiment: { ...session.experiment, integrationConfigured: body.configured } };
      return session;
    },
    addGoal: async (body) => {
      goals.push(body);
      if (body.name === 'Taken') throw new EditorApiError(409, 'This project already has a metric with key "taken"');
      session = { ...session, goals: [...session.goals, { key: 'goal', name: body.name, selector: body.selector }] };
      return session;
    },
  };
  return { api, saved, integration, goals };
}

let translations: i18n;
beforeAll(async () => {
  translations = await englishI18n();
});

function renderEditor(page = SESSION.experiment.page) {
  document.body.innerHTML = '<main><h1 id="headline">Old headline</h1><button id="buy">Buy</button></main>';
  const bought = vi.fn();
  document.getElementById('buy')!.addEventListener('click', bought);
  const host = document.createElement('tabula-editor');
  document.documentElement.append(host);
  const server = serverApi(page);
  render(
    <I18nextProvider i18n={translations}>
      <EditorApp
        api={server.api}
        token="tbe_x"
        serverOrigin="https://ab.example"
        page={window}
        host={host}
        onExit={() => {}}
      />
    </I18nextProvider>,
    { container: host.appendChild(document.createElement('div')) },
  );
  return { ...server, bought, host };
}

/** The editor lives after the page's body, where queries of the body would not look. */
const editor = within(document.documentElement);
const q = (selector: string) => document.querySelector<HTMLElement>(`tabula-editor ${selector}`)!;
const headline = () => document.getElementById('headline')!;

describe('the visual editor', () => {
  it('refuses http pages off this machine with the spec message, and says nothing of loopback ones', async () => {
    renderEditor();
    const field = await waitFor(() => {
      expect(q('[data-field="page-address"]')).toBeTruthy();
      return q('[data-field="page-address"]');
    });
    const httpsError = () => editor.queryByText('Url should be https protocol');
    expect(window.location.protocol).toBe('http:');
    expect(window.location.hostname).toBe('localhost');
    expect(httpsError()).toBeNull();
    for (const [address, refused] of [
      ['http://shop.example.com/', true],
      ['http://127.0.0.1:4000/demo', false],
      ['http://[::1]:4000/', false],
      ['http://localhost.example.com/', true],
      ['https://shop.example.com/', false],
    ] as const) {
      fireEvent.change(field, { target: { value: address } });
      expect(httpsError() !== null, address).toBe(refused);
    }
  });

  it('finds no integration code on a page without it, stores that, and offers the code to copy', async () => {
    const { integration } = renderEditor();
    await waitFor(() => expect(q('[data-area="integration"]').dataset.integration).toBe('not-configured'));
    expect(integration).toEqual([false]);
    expect(editor.getByText('Detected that you have not configured the integration code')).toBeTruthy();
    expect(editor.getByText('Integration code has not been configured.')).toBeTruthy();
    expect(q('[data-integration-code]').textContent).toContain('data-client-key="tbc_key"');
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(q('[data-action="copy-code"]'));
    await waitFor(() => expect(editor.getByRole('status').textContent).toBe('Copy successful'));
    expect(writeText).toHaveBeenCalledWith(q('[data-integration-code]').textContent);
    vi.unstubAllGlobals();
  });

  it("on a page that is not the experiment's, checks but leaves the experiment's flag alone", async () => {
    const { integration } = renderEditor({ url: 'https://shop.example.com/', match: 'fuzzy' });
    await waitFor(() => expect(q('[data-area="integration"]').dataset.integration).toBe('not-configured'));
    expect(integration).toEqual([]);
  });

  it('edits a version on the page, undoes, keeps the control read-only, and saves every version', async () => {
    const { saved, bought } = renderEditor();
    await waitFor(() => expect(q('.panel').dataset.editorState).toBe('ready'));
    fireEvent.click(q('[data-action="next"]'));

    // Edit mode: a click selects, and the page's own handler never hears of it.
    fireEvent.click(document.getElementById('buy')!);
    expect(bought).not.toHaveBeenCalled();
    fireEvent.click(headline());
    expect((q('[data-field="selector"]') as HTMLInputElement).value).toBe('#headline');
    expect(q('[data-selector-matches]').textContent).toBe('Matches 1 element on this page.');
    // A selector typed by hand shows what it matches, and warns when that is more than the chosen element.
    const typed = (selector: string) => {
      fireEvent.change(q('[data-field="selector"]'), { target: { value: selector } });
      fireEvent.blur(q('[data-field="selector"]'));
    };
    typed('main > *');
    expect(q('[data-selector-matches]').dataset.selectorMatches).toBe('2');
    expect(q('[data-selector-matches]').textContent).toContain('That is not exactly the elements you chose');
    // What else it finds is outlined on the page.
    expect(document.querySelectorAll('tabula-editor [data-overlay="match"]')).toHaveLength(1);
    typed('#headline');
    expect(q('[data-selector-matches]').dataset.selectorMatches).toBe('1');
    // Shift-click chooses more elements to change together, under one selector that finds exactly them.
    fireEvent.click(document.getElementById('buy')!, { shiftKey: true });
    expect(q('[data-chosen]').textContent).toBe('2 elements chosen to change together.');
    expect((q('[data-field="selector"]') as HTMLInputElement).value).toBe('#headline, #buy');
    expect(q('[data-selector-matches]').className).toBe('muted');
    expect(document.querySelectorAll('tabula-editor [data-overlay="selected"]')).toHaveLength(2);
    fireEvent.click(document.getElementById('buy')!, { shiftKey: true });
    expect((q('[data-field="selector"]') as HTMLInputElement).value).toBe('#headline');
    expect(q('[data-chosen]')).toBeNull();
    expect(q('[data-element-type]').dataset.elementType).toBe('text');
    expect(q('[data-refusal]').textContent).toBe('Please choose group');

    fireEvent.click(q('[data-version="control"]'));
    expect(q('[data-refusal]').textContent).toBe(
      'The control version is for experimental purposes and cannot be modified.',
    );
    expect((q('[data-field="textContent"]') as HTMLTextAreaElement).disabled).toBe(true);

    fireEvent.click(q('[data-version="treatment"]'));
    const text = q('[data-field="textContent"]') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'New headline' } });
    fireEvent.blur(text);
    await waitFor(() => expect(headline().textContent).toBe('New headline'));
    const width = q('[data-field="width"]') as HTMLInputElement;
    fireEvent.change(width, { target: { value: 'wide' } });
    fireEvent.blur(width);
    expect(editor.getByRole('alert').textContent).toBe('Please input valid width');

    fireEvent.click(q('[data-action="undo"]'));
    await waitFor(() => expect(headline().textContent).toBe('Old headline'));
    fireEvent.click(q('[data-action="redo"]'));
    await waitFor(() => expect(headline().textContent).toBe('New headline'));
    expect(document.querySelectorAll('tabula-editor [data-area="changes"] li')).toHaveLength(1);
    // The count follows the page as it shows the changes: a removed element is no longer matched.
    fireEvent.click(q('[data-action="remove-element"]'));
    await waitFor(() => expect(headline()).toBeNull());
    expect(q('[data-selector-matches]').dataset.selectorMatches).toBe('0');
    fireEvent.click(q('[data-action="undo"]'));
    await waitFor(() => expect(q('[data-selector-matches]').dataset.selectorMatches).toBe('1'));

    await act(async () => fireEvent.click(q('[data-action="save"]')));
    await waitFor(() =>
      expect(editor.getByRole('status').textContent).toBe(
        'Save successfully. If the editing is completed, please return to the previous tab and proceed to "Next".',
      ),
    );
    expect(saved).toEqual([
      {
        experimentKey: 'hero',
        versions: [
          { key: 'control', name: 'Control', changeRecords: [] },
          {
            key: 'treatment',
            name: 'Treatment',
            changeRecords: [{ selector: '#headline', type: '', key: 'textContent', value: 'New headline' }],
          },
        ],
      },
    ]);

    // Preview: the page is laid out again beside the panel, as a visitor's window that wide, with no outlines; the
    // page's own handlers run again.
    fireEvent.click(q('[data-mode-switch="preview"]'));
    const frame = q('.device.docked iframe') as HTMLIFrameElement;
    expect(frame.src).toBe(window.location.href);
    expect(q('.device.docked').dataset.dock).toBe('right');
    expect(document.querySelectorAll('tabula-editor [data-overlay]')).toHaveLength(0);
    fireEvent.click(document.getElementById('buy')!);
    expect(bought).toHaveBeenCalledTimes(1);
  });

  it('adds a version and moves an element before another', async () => {
    const { saved } = renderEditor();
    await waitFor(() => expect(q('.panel').dataset.editorState).toBe('ready'));
    fireEvent.click(q('[data-action="next"]'));
    fireEvent.click(q('[data-action="add-version"]'));
    fireEvent.click(q('[data-version="version-3"]'));
    fireEvent.click(q('[data-action="start-move"]'));
    expect(q('[data-area="position"]').textContent).toContain('Please choose an element');
    fireEvent.click(document.getElementById('buy')!);
    expect(q('[data-area="position"]').dataset.moveStep).toBe('2');
    // Above the heading's middle: before it.
    fireEvent.click(headline(), { clientX: -5, clientY: -5 });
    expect(q('[data-area="position"]').dataset.moveStep).toBe('3');
    fireEvent.click(q('[data-action="confirm-move"]'));
    await waitFor(() => expect(document.querySelector('main')!.firstElementChild!.id).toBe('buy'));
    await act(async () => fireEvent.click(q('[data-action="save"]')));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.versions.map((version) => version.key)).toEqual(['control', 'treatment', 'version-3']);
    expect(saved[0]!.versions[2]!.changeRecords).toEqual([
      expect.objectContaining({ selector: '#buy', type: 'move', moveType: 'reorder', targetSelector: '#headline' }),
    ]);
  });

  it('hides and inserts elements and sets the whole page’s CSS and redirect; scripts stay hidden while off', async () => {
    const { saved } = renderEditor();
    await waitFor(() => expect(q('.panel').dataset.editorState).toBe('ready'));
    fireEvent.click(q('[data-action="next"]'));
    fireEvent.click(q('[data-version="treatment"]'));
    expect(q('[data-field="page-script"]')).toBeNull();

    fireEvent.click(document.getElementById('buy')!);
    fireEvent.click(q('[data-action="hide"]'));
    await waitFor(() => expect(document.getElementById('buy')!.style.getPropertyValue('display')).toBe('none'));

    fireEvent.click(headline());
    fireEvent.change(q('[data-field="insert-kind"]'), { target: { value: 'button' } });
    fireEvent.change(q('[data-field="insert-position"]'), { target: { value: 'before' } });
    fireEvent.click(q('[data-action="insert"]'));
    // The new element shows on the page with a text to start from, and is selected.
    await waitFor(() => expect(headline().previousElementSibling?.textContent).toBe('Button'));
    const inserted = headline().previousElementSibling!;
    expect(inserted.tagName).toBe('BUTTON');
    await waitFor(() =>
      expect((q('[data-field="selector"]') as HTMLInputElement).value).toMatch(
        /^\[data-tabula-insert="new-[a-z0-9]+"\]$/,
      ),
    );

    const css = q('[data-field="page-css"]') as HTMLTextAreaElement;
    fireEvent.change(css, { target: { value: 'h1 { color: rgb(1, 2, 3); }' } });
    fireEvent.blur(css);
    await waitFor(() => expect(getComputedStyle(headline()).color).toBe('rgb(1, 2, 3)'));
    const redirect = q('[data-field="page-redirect"]') as HTMLInputElement;
    fireEvent.change(redirect, { target: { value: '/landing-b' } });
    fireEvent.blur(redirect);

    await act(async () => fireEvent.click(q('[data-action="save"]')));
    await waitFor(() => expect(saved).toHaveLength(1));
    const records = saved[0]!.versions[1]!.changeRecords;
    const id = records.find((record) => record.type === 'insert')?.value;
    expect(records).toEqual([
      { selector: '#buy', type: 'style', key: 'display', value: 'none' },
      { selector: '#headline', type: 'insert', key: 'button', value: id, insertOrder: 'before' },
      { selector: `[data-tabula-insert="${id}"]`, type: '', key: 'textContent', value: 'Button' },
      { selector: 'html', type: 'css', key: '', value: 'h1 { color: rgb(1, 2, 3); }' },
      { selector: 'html', type: 'redirect', key: '', value: '/landing-b' },
    ]);
  });

  it('tracks clicks on the selected element as a goal, lists the goals and selects a goal’s element', async () => {
    const { goals } = renderEditor();
    await waitFor(() => expect(q('.panel').dataset.editorState).toBe('ready'));
    fireEvent.click(q('[data-action="next"]'));
    expect(q('[data-area="goals"]').textContent).toContain('Select an element on the page to track clicks on it');
    expect(q('[data-area="goals"]').textContent).toContain('This experiment has no click goals yet.');

    fireEvent.click(document.getElementById('buy')!);
    const name = () => q('[data-field="goal-name"]') as HTMLInputElement;
    // The name starts from what the element says.
    expect(name().value).toBe('Buy');
    fireEvent.change(name(), { target: { value: 'Taken' } });
    await act(async () => fireEvent.click(q('[data-action="track-clicks"]')));
    await waitFor(() =>
      expect(editor.getByRole('alert').textContent).toBe(
        'Goal not added: This project already has a metric with key "taken"',
      ),
    );
    fireEvent.change(name(), { target: { value: '  Buy button ' } });
    await act(async () => fireEvent.click(q('[data-action="track-clicks"]')));
    await waitFor(() =>
      expect(editor.getByRole('status').textContent).toBe('Clicks on this element are now a goal of this experiment.'),
    );
    expect(goals).toEqual([
      { experimentKey: 'hero', name: 'Taken', selector: '#buy' },
      { experimentKey: 'hero', name: 'Buy button', selector: '#buy' },
    ]);
    expect(q('[data-goal="goal"]').textContent).toBe('Buy button#buy');
    expect(q('[data-goal-tracked]')).toBeTruthy();
    expect(q('[data-field="goal-name"]')).toBeNull();

    fireEvent.click(headline());
    expect(name().value).toBe('Old headline');
    fireEvent.click(within(q('[data-goal="goal"]')).getByRole('button'));
    expect((q('[data-field="selector"]') as HTMLInputElement).value).toBe('#buy');
  });
});
