import type { Experiment } from '@tabula/protocol';
import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { type MockResponse, mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture, experimentsPathOf } from '../../fixtures';
import { ExperimentWizard } from './experiment-wizard';

const PAGE = {
  url: 'https://shop.example.com/landing',
  match: 'exact' as const,
  openUrl: 'https://shop.example.com/landing',
};
const landing = experimentFixture({
  key: 'landing-headline',
  name: 'Landing headline',
  kind: 'visual',
  status: 'draft',
  page: PAGE,
  startedAt: null,
});
const landingPath = `${experimentsPathOf()}/landing-headline`;
const TOKEN = {
  token: 'tbe_secret',
  expiresAt: '2030-01-01T12:00:00.000Z',
  editorUrl: `${PAGE.url}?tabula_editor=tbe_secret`,
};

function renderWizard(saved?: Experiment) {
  const onSaved = vi.fn();
  renderWithApp(<ExperimentWizard projectId={project.id} saved={saved} layers={[]} segments={[]} onSaved={onSaved} />, {
    me: meAs('editor'),
  });
  return { onSaved };
}

/** The tab the console opens at the click, before it knows the editor's address. */
function waitingTab() {
  const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

const next = () => fireEvent.click(screen.getByTestId('wizard-next'));
const prev = () => fireEvent.click(screen.getByTestId('wizard-prev'));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const stepShown = (step: string) => screen.findByTestId(`wizard-step-${step}`);
const openEditor = () => fireEvent.click(screen.getByTestId('open-visual-editor'));

/** A new visual experiment filled in up to the visual editor step. */
async function fillNewVisual() {
  fireEvent.click(screen.getByTestId('wizard-kind-visual'));
  type('wizard-name', 'Landing headline');
  for (const step of ['audience', 'versions', 'page']) {
    next();
    await stepShown(step);
  }
  type('wizard-page-url', PAGE.url);
  next();
  await stepShown('editor');
}

/** Another tab (the visual editor's) comes back to the front of this one. */
function comeBack() {
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

describe('the visual editor step', () => {
  it('comes right after the page step of a visual experiment, and says to come back and press Next Step', async () => {
    mockApi({});
    renderWizard();
    await fillNewVisual();
    expect(screen.getByTestId('wizard-steps').textContent).toContain('Visual editor');
    expect(screen.getByTestId('wizard-editor-come-back').textContent).toBe(
      "Change the page for each version in the editor's tab and save there. Then come back to this tab and continue with Next Step.",
    );
  });

  it('saves a new experiment as a draft first, opens the editor on its page, and goes on editing the saved one', async () => {
    const { tab, open } = waitingTab();
    const { calls } = mockApi({
      [`POST ${experimentsPathOf()}`]: { status: 201, body: landing },
      [`POST ${landingPath}/editor-token`]: { status: 201, body: TOKEN },
    });
    const { onSaved } = renderWizard();
    await fillNewVisual();
    expect(screen.getByTestId('visual-editor-card').textContent).toContain('first saved as a draft');
    expect(screen.getByTestId('open-visual-editor').textContent).toBe('Save draft and open visual editor');

    openEditor();
    await waitFor(() => expect(tab.location.href).toBe(TOKEN.editorUrl));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const created = calls.find((call) => call.method === 'POST' && call.path === experimentsPathOf());
    expect(created?.body).toMatchObject({
      key: 'landing-headline',
      kind: 'visual',
      page: { url: PAGE.url, match: PAGE.match, openUrl: null },
    });
    expect(onSaved).not.toHaveBeenCalled();

    // Still in the wizard, now on the saved experiment: opening again needs no other save.
    expect(screen.getByTestId('wizard-step-editor')).toBeTruthy();
    expect(screen.getByTestId('open-visual-editor').textContent).toBe('Open visual editor');
    next();
    await stepShown('metrics');
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(landing));
    expect(calls.filter((call) => call.method === 'POST' && call.path === experimentsPathOf())).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('closes the waiting tab and stays when the draft cannot be saved', async () => {
    const { tab } = waitingTab();
    const refused: MockResponse = {
      status: 409,
      body: { error: { code: 'conflict', message: 'An experiment with key "landing-headline" exists' } },
    };
    const { calls } = mockApi({ [`POST ${experimentsPathOf()}`]: refused });
    renderWizard();
    await fillNewVisual();
    openEditor();
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(await screen.findByText('An experiment with key "landing-headline" exists')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/editor-token'))).toBe(false);
    expect(screen.getByTestId('open-visual-editor').textContent).toBe('Save draft and open visual editor');
  });

  it('opens the editor of a saved experiment directly', async () => {
    const { tab } = waitingTab();
    const { calls } = mockApi({ [`POST ${landingPath}/editor-token`]: { status: 201, body: TOKEN } });
    renderWizard(landing);
    for (const step of ['audience', 'versions', 'page', 'editor']) {
      next();
      await stepShown(step);
    }
    expect(screen.queryByTestId('wizard-editor-unsaved')).toBeNull();
    openEditor();
    await waitFor(() => expect(tab.location.href).toBe(TOKEN.editorUrl));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`POST ${landingPath}/editor-token`]);
  });

  it('saves edits made in the wizard before the editor, which opens the saved experiment, can show them', async () => {
    const moved = { ...landing, page: { ...PAGE, match: 'fuzzy' as const } };
    const { calls } = mockApi({ [`PATCH ${landingPath}`]: { body: moved } });
    renderWizard(landing);
    for (const step of ['audience', 'versions', 'page']) {
      next();
      await stepShown(step);
    }
    fireEvent.click(screen.getByTestId('wizard-page-match-fuzzy'));
    next();
    await stepShown('editor');
    fireEvent.click(await screen.findByTestId('wizard-editor-save'));
    await waitFor(() => expect(screen.queryByTestId('wizard-editor-unsaved')).toBeNull());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      page: { url: PAGE.url, match: 'fuzzy', openUrl: null },
    });
    expect(screen.getByTestId('wizard-step-editor')).toBeTruthy();
  });

  it('shows what the editor saved in another tab once this one is back, and Save keeps it', async () => {
    // The editor added a version and spread the weights again.
    const edited: Experiment = {
      ...landing,
      versions: [
        { ...landing.versions[0]!, weight: 3334 },
        { ...landing.versions[1]!, weight: 3333 },
        { key: 'treatment-3', name: 'Treatment 3', weight: 3333, isControl: false, params: {} },
      ],
      updatedAt: '2025-01-11T10:00:00.000Z',
    };
    const { calls } = mockApi({ [`GET ${landingPath}`]: { body: edited } });
    const { onSaved } = renderWizard(landing);
    comeBack();
    await waitFor(() => expect(calls.some((call) => call.method === 'GET' && call.path === landingPath)).toBe(true));
    next();
    await stepShown('audience');
    next();
    await stepShown('versions');
    await waitFor(() => expect(screen.getByTestId('version-name-2')).toBeTruthy());
    expect(screen.getByTestId('weights-total').textContent).toBe('Total: 100% (must be 100%)');
    prev();
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(edited));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });
});
