import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import type { ExperimentsQuery } from '../api/get-experiments';
import { experimentFixture, experimentsPathOf } from '../fixtures';
import { ExperimentList } from './experiment-list';

function Harness({ initial = {} }: { initial?: ExperimentsQuery }) {
  const [query, setQuery] = useState<ExperimentsQuery>(initial);
  return (
    <ExperimentList
      projectId={project.id}
      query={query}
      onQueryChange={setQuery}
      experimentHref={(key) => `/x/${key}`}
      createAction={<span>create one</span>}
    />
  );
}

const listCalls = (calls: { method: string; path: string; search: URLSearchParams }[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === experimentsPathOf());

describe('experiment list', () => {
  it('marks an experiment with alerts in its current phase, and no other', async () => {
    const alerted = experimentFixture({ openAlerts: 2 });
    const quiet = experimentFixture({ id: 'expQuiet23456789', key: 'quiet', name: 'Quiet' });
    mockApi({
      [`GET ${experimentsPathOf()}`]: { body: { experiments: [alerted, quiet], total: 2, nextOffset: null } },
    });
    renderWithApp(<Harness />, { me: meAs('viewer') });
    const row = (key: string) => screen.findByTestId(`experiment-link-${key}`).then((link) => link.closest('tr')!);
    expect(within(await row('checkout-button')).getByTestId('experiment-alerts-badge').textContent).toBe('2 alerts');
    expect(within(await row('quiet')).queryByTestId('experiment-alerts-badge')).toBeNull();
  });

  it('shows status, type, owner, days running and exposures, linking to each experiment', async () => {
    mockApi({
      [`GET ${experimentsPathOf()}`]: { body: { experiments: [experimentFixture()], total: 1, nextOffset: null } },
    });
    renderWithApp(<Harness />, { me: meAs('viewer') });
    const row = (await screen.findByTestId('experiment-link-checkout-button')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Running')).toBeTruthy();
    expect(within(row).getByText('A/B test')).toBeTruthy();
    expect(within(row).getByText('Ada editor')).toBeTruthy();
    expect(within(row).getByText((1234).toLocaleString())).toBeTruthy();
    expect(screen.getByTestId('experiment-link-checkout-button').getAttribute('href')).toBe('/x/checkout-button');
  });

  it('asks the server to search, filter and sort, starting again from the first page', async () => {
    const { calls } = mockApi({
      [`GET ${experimentsPathOf()}`]: { body: { experiments: [experimentFixture()], total: 45, nextOffset: 20 } },
    });
    renderWithApp(<Harness initial={{ offset: 20 }} />, { me: meAs('viewer') });
    await screen.findByTestId('experiment-link-checkout-button');
    expect(listCalls(calls)[0]?.search.get('offset')).toBe('20');
    expect(listCalls(calls)[0]?.search.get('limit')).toBe('20');

    fireEvent.mouseDown(screen.getByTestId('experiments-status').querySelector('input') ?? document.body);
    fireEvent.click(await screen.findByTestId('experiments-status-option-paused'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.search.get('status')).toBe('paused'));
    expect(listCalls(calls).at(-1)?.search.get('offset')).toBeNull();

    const search = screen.getByPlaceholderText('Search by name or key');
    fireEvent.change(search, { target: { value: 'checkout' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listCalls(calls).at(-1)?.search.get('search')).toBe('checkout'));

    fireEvent.click(
      screen.getAllByRole('columnheader').find((header) => header.textContent === 'Experiment') as Element,
    );
    await waitFor(() => expect(listCalls(calls).at(-1)?.search.get('sort')).toBe('name'));
  });

  it('offers to create the first experiment, and says when filters match nothing', async () => {
    mockApi({ [`GET ${experimentsPathOf()}`]: { body: { experiments: [], total: 0, nextOffset: null } } });
    renderWithApp(<Harness />, { me: meAs('editor') });
    expect(await screen.findByText('No experiments yet')).toBeTruthy();
    expect(screen.getByText('create one')).toBeTruthy();

    fireEvent.mouseDown(screen.getByTestId('experiments-kind').querySelector('input') ?? document.body);
    fireEvent.click(await screen.findByTestId('experiments-kind-option-visual'));
    expect(await screen.findByText('No experiments match')).toBeTruthy();
  });
});
