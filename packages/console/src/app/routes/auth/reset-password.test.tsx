import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { meAs } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { ResetPasswordRoute } from './reset-password';

const preview = { email: 'editor@example.com', expiresAt: new Date(Date.now() + 86_400_000).toISOString() };
const home = { path: '/', element: <p>Home</p> };
const login = { path: '/login', element: <p>Login page</p> };

function renderReset() {
  return renderWithApp(<ResetPasswordRoute />, {
    path: '/reset-password/:token',
    url: '/reset-password/r3set',
    routes: [home, login],
  });
}

function choose(password: string, confirmation = password) {
  fireEvent.change(screen.getByTestId('reset-password'), { target: { value: password } });
  fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: confirmation } });
  fireEvent.click(screen.getByTestId('reset-submit'));
}

describe('password reset link', () => {
  it('names the account, asks for the new password twice, and signs the member in', async () => {
    const me = meAs('editor');
    const { calls } = mockApi({
      'GET /api/v1/auth/password-resets/r3set': { body: preview },
      'POST /api/v1/auth/password-resets/r3set': { body: me },
    });
    const { router, queryClient } = renderReset();

    expect((await screen.findByTestId('reset-summary')).textContent).toContain('For editor@example.com');
    choose('correct horse battery staple', 'correct horse battery stapel');
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    choose('correct horse battery staple');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ password: 'correct horse battery staple' });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(me);
  });

  it('asks for the code next when the account has a second factor', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/password-resets/r3set': { body: preview },
      'POST /api/v1/auth/password-resets/r3set': {
        status: 202,
        body: { mfaRequired: true, challenge: 'ch4llenge', expiresAt: preview.expiresAt },
      },
      'POST /api/v1/auth/login/mfa': { body: meAs('editor') },
    });
    const { router } = renderReset();

    await screen.findByTestId('reset-summary');
    choose('correct horse battery staple');
    fireEvent.change(await screen.findByTestId('login-mfa-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-mfa-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.path === '/api/v1/auth/login/mfa')?.body).toEqual({
      challenge: 'ch4llenge',
      code: '123456',
    });
    // The link is asked about once: used up, it would answer 404 under the code step.
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('says when a link is used up or expired', async () => {
    mockApi({
      'GET /api/v1/auth/password-resets/r3set': {
        status: 404,
        body: { error: { code: 'not_found', message: 'This link is invalid' } },
      },
    });
    renderReset();
    expect((await screen.findByTestId('reset-invalid')).textContent).toContain('already used or has expired');
  });
});
