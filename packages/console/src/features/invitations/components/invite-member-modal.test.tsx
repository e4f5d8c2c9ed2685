import type { CreatedInvitation } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, member } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { InviteMemberModal } from './invite-member-modal';

const created: CreatedInvitation = {
  id: 'invAbc2345678923',
  role: 'viewer',
  email: 'new@example.com',
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2025-01-22T10:00:00.000Z',
  createdBy: member('admin').user,
  url: 'http://localhost:4000/invite/tok3n',
};

describe('invite member', () => {
  it('creates the invitation and shows its link once, to copy', async () => {
    const { calls } = mockApi({ 'POST /api/v1/invitations': { status: 201, body: created } });
    renderWithApp(<InviteMemberModal open onClose={vi.fn()} />, { me: meAs('admin') });

    fireEvent.mouseDown(screen.getByTestId('invite-role').querySelector('input') ?? document.body);
    expect(screen.queryByTestId('invite-role-option-owner')).toBeNull();
    fireEvent.click(await screen.findByTestId('invite-role-option-viewer'));
    fireEvent.change(screen.getByTestId('invite-email'), { target: { value: ' new@example.com ' } });
    fireEvent.click(screen.getByTestId('invite-submit'));

    const link = await screen.findByTestId('invitation-link');
    expect(link.textContent).toContain(created.url);
    expect(link.querySelector('.ant-typography-copy')).toBeTruthy();
    await waitFor(() => expect(calls[0]?.body).toEqual({ role: 'viewer', email: 'new@example.com' }));
  });

  it('sends no email when none is given, for a link anyone can use', async () => {
    const { calls } = mockApi({ 'POST /api/v1/invitations': { status: 201, body: { ...created, email: null } } });
    renderWithApp(<InviteMemberModal open onClose={vi.fn()} />, { me: meAs('owner') });

    fireEvent.click(screen.getByTestId('invite-submit'));

    await screen.findByTestId('invitation-link');
    expect(calls[0]?.body).toEqual({ role: 'editor' });
  });
});

describe('form labels', () => {
  it('binds every label to its field', () => {
    mockApi({});
    renderWithApp(<InviteMemberModal open onClose={vi.fn()} />, { me: meAs('admin') });
    expect(unlabelledFields()).toEqual([]);
  });
});
