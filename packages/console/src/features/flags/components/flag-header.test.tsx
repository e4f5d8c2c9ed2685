import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { checkoutFlag, flagsApiPath } from '../testing/flag-fixtures';
import { FlagHeader } from './flag-header';

const archived = checkoutFlag({ archivedAt: '2025-01-16T10:00:00.000Z' });

function renderHeader(flag = checkoutFlag(), role: 'editor' | 'viewer' = 'editor') {
  const onDeleted = vi.fn();
  const api = mockApi({
    [`PATCH ${flagsApiPath}/new-checkout`]: { body: checkoutFlag({ name: 'One-page checkout' }) },
    [`POST ${flagsApiPath}/new-checkout/archive`]: { body: archived },
    [`DELETE ${flagsApiPath}/new-checkout`]: { status: 204 },
  });
  renderWithApp(<FlagHeader projectId={project.id} flag={flag} onDeleted={onDeleted} />, { me: meAs(role) });
  return { ...api, onDeleted };
}

async function menuAction(label: string) {
  fireEvent.click(screen.getByTestId('flag-menu-new-checkout'));
  fireEvent.click(await screen.findByText(label));
}

describe('flag header', () => {
  it('shows key, type and tags, and offers viewers nothing to change', () => {
    renderHeader(checkoutFlag(), 'viewer');
    expect(screen.getByTestId('flag-key-label').textContent).toContain('new-checkout');
    expect(screen.getByText('Boolean')).toBeTruthy();
    expect(screen.getByText('payments')).toBeTruthy();
    expect(screen.queryByTestId('flag-edit')).toBeNull();
    expect(screen.queryByTestId('flag-menu-new-checkout')).toBeNull();
  });

  it('edits the name and what the flag serves, keeping key and type', async () => {
    const { calls } = renderHeader(checkoutFlag({ metadata: { owner: 'payments-team' } }));
    expect(screen.getByTestId('flag-metadata').textContent).toContain('owner: payments-team');
    fireEvent.click(screen.getByTestId('flag-edit'));
    fireEvent.change(await screen.findByTestId('flag-name'), { target: { value: 'One-page checkout' } });
    // The default becomes the code's own; a metadata entry is added as a number.
    fireEvent.mouseDown(within(screen.getByTestId('flag-default-variant')).getByRole('combobox'));
    const none = document.querySelectorAll(`.ant-select-item-option[title="None: the code's default"]`);
    fireEvent.click(none[none.length - 1] as Element);
    fireEvent.click(screen.getByTestId('metadata-add'));
    const entry = within(screen.getByTestId('metadata-1'));
    fireEvent.change(entry.getByLabelText('Key'), { target: { value: 'ticket' } });
    fireEvent.change(entry.getByLabelText('Value'), { target: { value: 'SHOP-7' } });
    fireEvent.click(screen.getByTestId('edit-flag-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      name: 'One-page checkout',
      description: 'The one-page checkout',
      variants: [
        { key: 'on', value: true },
        { key: 'off', value: false },
      ],
      defaultVariant: null,
      offVariant: 'off',
      tags: ['payments'],
      metadata: { owner: 'payments-team', ticket: 'SHOP-7' },
    });
  });

  it('refuses a metadata value that is not of its type', async () => {
    const { calls } = renderHeader(checkoutFlag({ metadata: { version: 2 } }));
    fireEvent.click(screen.getByTestId('flag-edit'));
    const entry = within(await screen.findByTestId('metadata-0'));
    fireEvent.change(entry.getByLabelText('Value'), { target: { value: 'two' } });
    fireEvent.click(screen.getByTestId('edit-flag-submit'));
    expect(await entry.findByText('Please input valid value')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('archives after saying what archiving does, and offers delete only then', async () => {
    const { calls } = renderHeader();
    await menuAction('Archive');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('SDKs stop receiving the flag');
    expect(screen.queryByText('Delete')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('flag-archive-confirm'));
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['POST']));
  });

  it('deletes an archived flag once confirmed', async () => {
    const { calls, onDeleted } = renderHeader(archived);
    expect(screen.getByTestId('flag-archived').textContent).toContain('This flag is archived');
    await menuAction('Delete');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete new-checkout for good?');
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('flag-delete-confirm'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls.map((call) => call.method)).toEqual(['DELETE']);
  });
});
