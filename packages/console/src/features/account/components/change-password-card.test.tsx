import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { meAs } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { ChangePasswordCard } from './change-password-card';

function change(current: string, next: string) {
  fireEvent.change(screen.getByTestId('current-password'), { target: { value: current } });
  fireEvent.change(screen.getByTestId('new-password'), { target: { value: next } });
  fireEvent.change(screen.getByTestId('confirm-password'), { target: { value: next } });
  fireEvent.click(screen.getByTestId('change-password-submit'));
}

describe('change password', () => {
  it('sends the current and the new password, not the confirmation', async () => {
    const { calls } = mockApi({ 'PUT /api/v1/auth/password': { status: 204 } });
    renderWithApp(<ChangePasswordCard />, { me: meAs('editor') });

    change('old secret words', 'correct horse battery staple');

    await waitFor(() =>
      expect(calls[0]?.body).toEqual({
        currentPassword: 'old secret words',
        newPassword: 'correct horse battery staple',
      }),
    );
    expect(await screen.findByText('Password changed. Your other browsers were signed out.')).toBeTruthy();
  });

  it('puts the server refusals on their fields in the user language, and keeps the session', async () => {
    mockApi({
      'PUT /api/v1/auth/password': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'The password is not right',
            details: [{ path: 'currentPassword', message: 'The password is not right' }],
          },
        },
      },
    });
    const { queryClient } = renderWithApp(<ChangePasswordCard />, { me: meAs('editor') });

    change('wrong guess', 'correct horse battery staple');

    expect(await screen.findByText('This is not your current password')).toBeTruthy();
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(meAs('editor'));
  });

  it('refuses the account email as the new password before asking', async () => {
    const { calls } = mockApi({});
    renderWithApp(<ChangePasswordCard />, { me: meAs('editor') });

    change('old secret words', 'editor@example.com');

    expect(await screen.findByText('Please input valid password: it must not be your email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('form labels', () => {
  it('binds every label to its field', () => {
    mockApi({});
    renderWithApp(<ChangePasswordCard />, { me: meAs('editor') });
    expect(unlabelledFields()).toEqual([]);
  });
});
