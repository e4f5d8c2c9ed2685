import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { environments, meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { checkoutFlag, flagsApiPath } from '../testing/flag-fixtures';
import { type FlagListState, readListState } from '../utils/list-state';
import { FlagsTable } from './flags-table';

const initial = readListState(new URLSearchParams());

function renderTable(state: FlagListState = initial, role: 'editor' | 'viewer' = 'editor') {
  const onChange = vi.fn<(state: FlagListState) => void>();
  const api = mockApi({ [`GET ${flagsApiPath}`]: { body: { flags: [checkoutFlag()], total: 41, nextOffset: 20 } } });
  renderWithApp(
    <FlagsTable
      projectId={project.id}
      environments={environments}
      state={state}
      onChange={onChange}
      flagHref={(key) => `/flags/${key}`}
    />,
    { me: meAs(role) },
  );
  return { ...api, onChange };
}

describe('flags list', () => {
  it('shows each flag with its type, tags and, per environment, its switch and last evaluation', async () => {
    renderTable();
    const row = (await screen.findByTestId('flag-link-new-checkout')).closest('tr') as HTMLElement;
    expect(within(row).getByText('New checkout')).toBeTruthy();
    expect(within(row).getByText('Boolean')).toBeTruthy();
    expect(within(row).getByText('payments')).toBeTruthy();
    expect(within(row).getByTestId('flag-switch-new-checkout-development').getAttribute('aria-checked')).toBe('false');
    expect(within(row).getByTestId('flag-switch-new-checkout-production').getAttribute('aria-checked')).toBe('true');
    expect(within(row).getByText('Never evaluated')).toBeTruthy();
    expect(screen.getByText('41 flags in total')).toBeTruthy();
  });

  it('asks the server for the page, filters and order of the state', async () => {
    const { calls } = renderTable({ ...initial, tag: 'payments', environment: 'production', enabled: true, page: 2 });
    await screen.findByTestId('flag-link-new-checkout');
    expect(Object.fromEntries(calls[0]?.search ?? [])).toEqual({
      tag: 'payments',
      status: 'active',
      environment: 'production',
      enabled: 'true',
      sort: 'key',
      order: 'asc',
      limit: '20',
      offset: '20',
    });
  });

  it('changes filters from the first page again', async () => {
    const { onChange } = renderTable({ ...initial, page: 3 });
    await screen.findByTestId('flag-link-new-checkout');
    fireEvent.click(within(screen.getByTestId('flag-filter-status')).getByText('Archived'));
    expect(onChange).toHaveBeenLastCalledWith({ ...initial, status: 'archived', page: 1 });

    const search = within(screen.getByTestId('flag-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'checkout ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ ...initial, search: 'checkout', page: 1 }));
  });

  it('sorts on the server by a clicked column', async () => {
    const { onChange } = renderTable();
    await screen.findByTestId('flag-link-new-checkout');
    fireEvent.click(screen.getByRole('columnheader', { name: /Updated/ }));
    expect(onChange).toHaveBeenLastCalledWith({ ...initial, sort: 'updatedAt', order: 'asc' });
  });
});
