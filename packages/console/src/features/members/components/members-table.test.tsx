import type { Role } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ids, meAs, member } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { MembersTable } from './members-table';

const everyone = (['owner', 'admin', 'editor', 'viewer'] as Role[]).map(member);

function renderAs(role: Role) {
  const api = mockApi({
    'GET /api/v1/members': { body: { members: everyone } },
    [`PATCH /api/v1/members/${ids.viewer}`]: { body: member('viewer') },
  });
  renderWithApp(<MembersTable />, { me: meAs(role) });
  return api;
}

describe('members by role', () => {
  it('a viewer sees roles as tags, with nothing to change or remove', async () => {
    renderAs('viewer');
    await screen.findByText('owner@example.com');
    expect(screen.queryByTestId(`member-role-${ids.editor}`)).toBeNull();
    expect(screen.queryByTestId(`remove-member-${ids.editor}`)).toBeNull();
  });

  it('an admin manages non-owners but neither owners nor themself, and cannot hand out owner', async () => {
    renderAs('admin');
    await screen.findByText('owner@example.com');

    expect(screen.getByTestId(`member-role-${ids.editor}`)).toBeTruthy();
    expect(screen.getByTestId(`remove-member-${ids.viewer}`)).toBeTruthy();
    expect(screen.queryByTestId(`member-role-${ids.owner}`)).toBeNull();
    expect(screen.queryByTestId(`remove-member-${ids.owner}`)).toBeNull();
    expect(screen.queryByTestId(`member-role-${ids.admin}`)).toBeNull();

    fireEvent.mouseDown(screen.getByTestId(`member-role-${ids.editor}`).querySelector('input') ?? document.body);
    await screen.findByTestId('role-option-viewer');
    expect(screen.queryByTestId('role-option-owner')).toBeNull();
  });

  it('an admin hands a member a password reset link, shown once to copy, but not for themself or an owner', async () => {
    const { calls } = mockApi({
      'GET /api/v1/members': { body: { members: everyone } },
      [`POST /api/v1/members/${ids.editor}/password-reset`]: {
        status: 201,
        body: { url: 'http://localhost:4000/reset-password/r3set', expiresAt: '2025-01-16T10:00:00.000Z' },
      },
    });
    renderWithApp(<MembersTable />, { me: meAs('admin') });
    await screen.findByText('editor@example.com');
    expect(screen.queryByTestId(`password-reset-${ids.admin}`)).toBeNull();
    expect(screen.queryByTestId(`password-reset-${ids.owner}`)).toBeNull();

    fireEvent.click(screen.getByTestId(`password-reset-${ids.editor}`));
    expect(await screen.findByText('Create a password reset link for Ada editor?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('password-reset-confirm'));

    const link = await screen.findByTestId('password-reset-link');
    expect(link.textContent).toContain('http://localhost:4000/reset-password/r3set');
    expect(link.querySelector('.ant-typography-copy')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(`/api/v1/members/${ids.editor}/password-reset`);
  });

  it('an owner may make someone an owner', async () => {
    const { calls } = renderAs('owner');
    await screen.findByText('viewer@example.com');

    fireEvent.mouseDown(screen.getByTestId(`member-role-${ids.viewer}`).querySelector('input') ?? document.body);
    fireEvent.click(await screen.findByTestId('role-option-owner'));

    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'owner' }));
  });
});
