import type { Experiment, Role } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { type MockResponse, mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture, experimentsPathOf } from '../../fixtures';
import { ExperimentDetail } from './experiment-detail';

const visual = experimentFixture({
  kind: 'visual',
  page: { url: 'https://shop.example.com/landing', match: 'exact', openUrl: 'https://shop.example.com/landing' },
});
const TOKEN = {
  token: 'tbe_secret',
  expiresAt: '2030-01-01T12:00:00.000Z',
  editorUrl: 'https://shop.example.com/landing?tabula_editor=tbe_secret',
};

function renderDetail(experiment: Experiment, role: Role, answer: MockResponse = { status: 201, body: TOKEN }) {
  const api = mockApi({ [`POST ${experimentsPathOf()}/${experiment.key}/editor-token`]: answer });
  renderWithApp(
    <ExperimentDetail
      projectId={project.id}
      experiment={experiment}
      tab="overview"
      onTabChange={vi.fn()}
      editHref="/edit"
      onDeleted={vi.fn()}
    />,
    { me: meAs(role) },
  );
  return api;
}

describe('opening the visual editor', () => {
  it('makes a token and opens the experiment page with it in a new tab', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { calls } = renderDetail(visual, 'editor');
    fireEvent.click(screen.getByTestId('open-visual-editor'));
    await waitFor(() => expect(tab.location.href).toBe(TOKEN.editorUrl));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls.filter((call) => call.path.endsWith('/editor-token'))).toHaveLength(1);
    expect(screen.getByTestId('visual-editor-token-value').textContent).toContain('tbe_secret');
    const bookmarklet = screen.getByTestId('visual-editor-bookmarklet').textContent ?? '';
    expect(bookmarklet).toMatch(/^javascript:/);
    expect(decodeURIComponent(bookmarklet)).toContain('/sdk/editor.js');
  });

  it('closes the waiting tab and says why when the token is refused', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderDetail(visual, 'editor', { status: 409, body: { error: { code: 'conflict', message: 'No, not now' } } });
    fireEvent.click(screen.getByTestId('open-visual-editor'));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(await screen.findByText('No, not now')).toBeTruthy();
  });

  it('is offered on visual experiments to editors only', () => {
    renderDetail(visual, 'viewer');
    expect(screen.queryByTestId('visual-editor-card')).toBeNull();
  });

  it('is not offered on A/B experiments', () => {
    renderDetail(experimentFixture(), 'editor');
    expect(screen.queryByTestId('visual-editor-card')).toBeNull();
  });
});
