import type { BulkFlagResult } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { environments, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { checkoutFlag, flagsApiPath } from '../testing/flag-fixtures';
import { type FlagListState, readListState } from '../utils/list-state';
import { FlagsTable } from './flags-table';

const initial = readListState(new URLSearchParams());
const flags = [
  checkoutFlag(),
  checkoutFlag({ id: 'fgBanner23456789', key: 'banner', name: 'Banner' }),
  checkoutFlag({ id: 'fgSearch23456789', key: 'search', name: 'Search' }),
];
const withApprovals = [environments[0]!, { ...environments[1]!, requiredApprovals: 1 }];
const editor = { me: meAs('editor'), projectAccess: { role: 'editor' as const, protectedEnvironments: false } };

type Item = BulkFlagResult['results'][number];
const item = (flag: string, outcome: Item['outcome'], extra: Partial<Item> = {}): Item => ({
  flag,
  outcome,
  changeRequest: null,
  error: null,
  ...extra,
});

function renderList(options: {
  results?: Item[];
  state?: FlagListState;
  envs?: typeof environments;
  access?: typeof editor;
}) {
  const api = mockApi({
    [`GET ${flagsApiPath}`]: { body: { flags, total: flags.length, nextOffset: null } },
    [`POST ${flagsApiPath}/bulk`]: { body: { results: options.results ?? [] } },
  });
  const rendered = renderWithApp(
    <FlagsTable
      projectId={project.id}
      environments={options.envs ?? environments}
      state={options.state ?? initial}
      onChange={() => {}}
      flagHref={(key) => `/flags/${key}`}
    />,
    {
      ...(options.access ?? { me: meAs('owner') }),
      routes: [{ path: '/projects/:projectId/change-requests/:id', element: <p>request page</p> }],
    },
  );
  return { ...api, ...rendered };
}

const select = async (...keys: string[]) => {
  for (const key of keys) fireEvent.click(await screen.findByRole('checkbox', { name: `Select ${key}` }));
};

describe('bulk actions on the flag list', () => {
  it('offers no selection to viewers', async () => {
    mockApi({ [`GET ${flagsApiPath}`]: { body: { flags, total: flags.length, nextOffset: null } } });
    renderWithApp(
      <FlagsTable
        projectId={project.id}
        environments={environments}
        state={initial}
        onChange={() => {}}
        flagHref={(key) => `/flags/${key}`}
      />,
      { me: meAs('viewer') },
    );
    await screen.findByTestId('flag-link-banner');
    expect(screen.queryByRole('checkbox', { name: 'Select banner' })).toBeNull();
    expect(screen.queryByTestId('flag-bulk-actions')).toBeNull();
  });

  it('archives the selected flags after confirming, and lists what was refused and why', async () => {
    const { calls } = renderList({
      results: [
        item('new-checkout', 'refused', {
          error: { code: 'protected_environment', message: 'This changes Production, which is protected' },
        }),
        item('banner', 'applied'),
        item('search', 'refused', {
          error: { code: 'conflict', message: 'Flag "search" is a prerequisite of upsell: remove it from them first' },
        }),
      ],
      access: editor,
    });
    await select('new-checkout', 'banner', 'search');
    expect(screen.getByTestId('flag-bulk-count').textContent).toBe('3 flags selected');
    expect(screen.queryByTestId('flag-bulk-restore')).toBeNull();

    fireEvent.click(screen.getByTestId('flag-bulk-archive'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Archive 3 flags?');
    // The checkout flag is on in production, which this editor may not change.
    expect(screen.getByText(/Some of these flags are on in Production/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('flag-bulk-confirm'));

    const summary = await screen.findByTestId('flag-bulk-summary');
    const bulk = calls.find((call) => call.method === 'POST');
    expect(bulk?.path).toBe(`${flagsApiPath}/bulk`);
    expect(bulk?.body).toEqual({ action: 'archive', flags: ['new-checkout', 'banner', 'search'] });
    expect(within(summary).getByTestId('flag-bulk-applied').textContent).toBe('1 flag changed');
    expect(within(summary).getByText('2 flags refused:')).toBeTruthy();
    expect(within(summary).getByTestId('flag-bulk-refused-new-checkout').textContent).toMatch(/protected environment/);
    expect(within(summary).getByTestId('flag-bulk-refused-search').textContent).toMatch(/is a prerequisite of upsell/);
    // The selection is cleared once the action ran.
    await waitFor(() => expect(screen.queryByTestId('flag-bulk-actions')).toBeNull());
  });

  it('switches the selection on where approvals are required, and links to the change request it went to', async () => {
    const changeRequest = { id: 'crqDraft23456789', number: 7 };
    const { calls, router } = renderList({
      results: [
        item('new-checkout', 'unchanged'),
        item('banner', 'requested', { changeRequest }),
        item('search', 'requested', { changeRequest }),
      ],
      envs: withApprovals,
      access: editor,
    });
    await select('banner', 'search', 'new-checkout');
    fireEvent.click(screen.getByTestId('flag-bulk-on'));
    fireEvent.click(await screen.findByTestId('flag-bulk-on-production'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Turn on 3 flags in Production?');
    expect(screen.getByText(/requires approval: these changes go to your draft change request/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('flag-bulk-confirm'));

    const summary = await screen.findByTestId('flag-bulk-summary');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      action: 'switch',
      // In the list's order, whatever the order they were picked in.
      flags: ['new-checkout', 'banner', 'search'],
      environment: 'production',
      enabled: true,
    });
    expect(within(summary).getByText('2 changes wait for approval in a change request')).toBeTruthy();
    expect(within(summary).getByTestId('flag-bulk-unchanged').textContent).toMatch(/^1 flag already was so/);
    expect(within(summary).queryByTestId('flag-bulk-refused')).toBeNull();
    fireEvent.click(within(summary).getByTestId('flag-bulk-change-request-7'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/projects/${project.id}/change-requests/${changeRequest.id}`),
    );
  });

  it('does not offer a protected environment that needs no approval to an editor without the grant', async () => {
    renderList({ access: editor });
    await select('banner');
    fireEvent.click(screen.getByTestId('flag-bulk-off'));
    const production = (await screen.findByTestId('flag-bulk-off-production')).closest('li') as HTMLElement;
    expect(production.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByTestId('flag-bulk-off-development'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Turn off 1 flag in Development?');
    expect(screen.queryByText(/requires approval/)).toBeNull();
  });

  it('restores on the archived list and sends nothing when the dialog is cancelled', async () => {
    const { calls } = renderList({ state: { ...initial, status: 'archived' } });
    await select('banner');
    expect(screen.queryByTestId('flag-bulk-archive')).toBeNull();
    expect(screen.queryByTestId('flag-bulk-on')).toBeNull();
    fireEvent.click(screen.getByTestId('flag-bulk-restore'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Restore 1 flag?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByTestId('flag-bulk-count').textContent).toBe('1 flag selected');
  });
});
