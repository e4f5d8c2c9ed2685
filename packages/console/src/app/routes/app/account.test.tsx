import type { Me, SessionInfo } from '@tabula/protocol';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { createTestQueryClient } from '../../../testing/render';
import { AppProvider } from '../../provider';
import { routes } from '../../router';

const session: SessionInfo = {
  id: 'sesLaptop2345678',
  createdAt: '2025-01-15T10:00:00.000Z',
  lastSeenAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2025-01-29T10:00:00.000Z',
  userAgent: null,
  ip: '203.0.113.7',
  current: true,
};

function lockedOut(): Me {
  const me = meAs('editor');
  return { ...me, organization: { ...me.organization, requireMfa: true } };
}

function renderConsole(url: string, me: Me) {
  const queryClient = createTestQueryClient();
  setSession(queryClient, me);
  queryClient.setQueryData(queryKeys.setup, { signupOpen: false, sso: { enabled: false, label: '' } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, queryClient };
}

describe('account page', () => {
  it('opens from the user menu and signs out everywhere, landing on the sign-in page', async () => {
    const { calls } = mockApi({
      'GET /api/v1/projects': { body: { projects: [project] } },
      'GET /api/v1/auth/sessions': { body: [session] },
      'DELETE /api/v1/auth/sessions': { status: 204 },
    });
    const { router } = renderConsole('/projects', meAs('viewer'));

    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('open-account'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByTestId('change-password-card')).toBeTruthy();
    expect(screen.getAllByText('viewer@example.com').length).toBeGreaterThan(0);
    expect(screen.getByTestId('mfa-status').textContent).toBe('Off');

    fireEvent.click(await screen.findByTestId('sign-out-everywhere'));
    fireEvent.click(await screen.findByTestId('sign-out-everywhere-confirm'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/auth/sessions')).toBe(true);
  });
});

const mfaRequired = {
  status: 403,
  body: {
    error: {
      code: 'mfa_required',
      message: 'Your organization requires two-factor authentication: set it up under Account before going on',
    },
  },
};

describe('a second factor the organization requires', () => {
  it('sends a member the server refuses to set it up, then back where they were going', async () => {
    let enabled = false;
    const { calls } = mockApi({
      'GET /api/v1/projects': () => (enabled ? { body: { projects: [project] } } : mfaRequired),
      [`GET /api/v1/projects/${project.id}/flags`]: () => (enabled ? { body: { flags: [] } } : mfaRequired),
      'GET /api/v1/auth/sessions': { body: [session] },
      'POST /api/v1/auth/mfa/setup': {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Tabula:editor%40example.com?secret=JBSWY3DPEHPK3PXP',
        },
      },
      'POST /api/v1/auth/mfa/enable': () => {
        enabled = true;
        return { body: { recoveryCodes: ['abcd2-efgh3', 'jkmn4-pqrs5'] } };
      },
    });
    const { router, queryClient } = renderConsole(`/projects/${project.id}/flags?q=beta`, lockedOut());

    // The whole console's first render, lazy pages included, comes before the redirect.
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'), { timeout: 5000 });
    expect((await screen.findByTestId('mfa-required')).textContent).toContain('Acme requires every member');
    fireEvent.click(screen.getByTestId('mfa-set-up'));
    expect(await screen.findByTestId('mfa-qr')).toBeTruthy();
    expect(screen.getByTestId('mfa-secret').textContent).toContain('JBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByTestId('mfa-setup-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('mfa-setup-submit'));

    const codes = await screen.findByTestId('recovery-codes');
    expect(codes.textContent).toContain('abcd2-efgh3');
    expect(screen.getByTestId('recovery-codes-note').textContent).toContain('shown only now');
    expect(calls.find((call) => call.path === '/api/v1/auth/mfa/enable')?.body).toEqual({ code: '123456' });
    expect(queryClient.getQueryData<Me>(queryKeys.me)?.user.mfaEnabled).toBe(true);

    fireEvent.click(screen.getByTestId('recovery-codes-done'));
    fireEvent.click(await screen.findByTestId('mfa-required-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${project.id}/flags`));
    expect(router.state.location.search).toBe('?q=beta');
  });

  it('follows the server when it starts refusing a signed-in member', async () => {
    mockApi({ 'GET /api/v1/projects': mfaRequired, 'GET /api/v1/auth/sessions': { body: [session] } });
    const { router } = renderConsole('/projects', meAs('admin'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByTestId('mfa-required')).toBeTruthy();
    expect(screen.getByTestId('two-factor-card')).toBeTruthy();

    // Elsewhere stays closed until then.
    fireEvent.click(screen.getByTestId('nav-projects'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByTestId('mfa-required')).toBeTruthy();
  });

  it('goes straight to setting it up when the sign-in says the session must', async () => {
    mockApi({ 'GET /api/v1/auth/sessions': { body: [session] } });
    const { router } = renderConsole('/projects', { ...lockedOut(), mfaSetupRequired: true });

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByTestId('mfa-required')).toBeTruthy();
  });

  it('leaves a session the server does not refuse alone, single sign-on relying on its own factor', async () => {
    mockApi({ 'GET /api/v1/projects': { body: { projects: [project] } } });
    const { router } = renderConsole('/projects', lockedOut());

    expect(await screen.findByTestId('nav-projects')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/projects');
  });
});
