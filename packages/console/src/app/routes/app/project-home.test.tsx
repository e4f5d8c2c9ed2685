import type { GettingStarted } from '@tabula/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientKey, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { ProjectHomeRoute } from './project-home';

const base = `/api/v1/projects/${project.id}`;
const revoked = { ...clientKey, id: 'keyRevoked234567', key: 'tbc_revokedkey', revokedAt: '2025-01-16T10:00:00.000Z' };

function renderHome(gettingStarted: GettingStarted, keys = [clientKey, revoked]) {
  mockApi({
    [`GET ${base}`]: { body: project },
    [`GET ${base}/getting-started`]: { body: gettingStarted },
    [`GET ${base}/keys`]: { body: { keys } },
  });
  renderWithApp(<ProjectHomeRoute />, {
    me: meAs('viewer'),
    path: '/projects/:projectId',
    url: `/projects/${project.id}`,
  });
}

const items = (done: string[]): GettingStarted['items'] =>
  (['sdk', 'flag', 'metric', 'experiment'] as const).map((step) => ({
    step,
    done: done.includes(step),
    at: done.includes(step) && step !== 'metric' ? '2025-01-15T10:00:00.000Z' : null,
  }));

describe('project home', () => {
  it('shows each step as the server reports it, linking to where it is done', async () => {
    renderHome({ items: items(['sdk', 'metric']), demoClientKey: null });
    await waitFor(() => expect(screen.getByTestId('getting-started-sdk').dataset.done).toBe('true'));
    expect(screen.getByTestId('getting-started-flag').dataset.done).toBe('false');
    expect(screen.getByTestId('getting-started-metric').dataset.done).toBe('true');
    expect(screen.getByTestId('getting-started-experiment').dataset.done).toBe('false');
    expect(screen.getByTestId('getting-started-progress').textContent).toBe('2 of 4 done');
    const href = (step: string) => screen.getByTestId(`getting-started-${step}-link`).getAttribute('href');
    expect(href('sdk')).toBe(`/projects/${project.id}/integration`);
    expect(href('flag')).toBe(`/projects/${project.id}/flags`);
    expect(href('metric')).toBe(`/projects/${project.id}/metrics`);
    expect(href('experiment')).toBe(`/projects/${project.id}/experiments`);
    expect(screen.getByRole('heading', { name: project.name })).toBeTruthy();
  });

  it('lists the active client keys to copy, and no demo link outside the demo project', async () => {
    renderHome({ items: items([]), demoClientKey: null });
    const key = await screen.findByTestId(`project-home-key-${clientKey.id}`);
    expect(key.textContent).toContain(clientKey.key);
    expect(within(key).getByRole('button')).toBeTruthy();
    expect(screen.queryByTestId(`project-home-key-${revoked.id}`)).toBeNull();
    expect(screen.queryByTestId('project-home-demo')).toBeNull();
  });

  it('offers a way to a first key when there is none', async () => {
    renderHome({ items: items([]), demoClientKey: null }, []);
    const link = await screen.findByTestId('project-home-create-key');
    expect(link.getAttribute('href')).toBe(`/projects/${project.id}/settings/api-keys`);
  });

  it('gives the demo project a ready link to its demo page', async () => {
    renderHome({ items: items(['metric', 'experiment']), demoClientKey: 'tbc_demo key' });
    const link = await screen.findByTestId('project-home-demo-link');
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/demo?key=tbc_demo+key`);
  });
});
