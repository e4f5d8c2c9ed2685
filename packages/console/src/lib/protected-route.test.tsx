import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs } from '../testing/fixtures';
import { renderWithApp } from '../testing/render';
import { forgetSession, setSession } from './auth';
import { ProtectedRoute } from './protected-route';

const page = (
  <ProtectedRoute>
    <p>Secret page</p>
  </ProtectedRoute>
);
const loginStandIn = { path: '/login', element: <p>Login page</p> };

describe('route guard', () => {
  it('sends a visitor to sign in, remembering where they were going', async () => {
    const { router } = renderWithApp(page, {
      path: '/audit',
      url: '/audit?entityType=project',
      routes: [loginStandIn],
    });

    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/audit?entityType=project');
  });

  it('remembers the page when the session expires, not when the user signed out', async () => {
    const { router, queryClient } = renderWithApp(page, { me: meAs('viewer'), path: '/audit', routes: [loginStandIn] });
    expect(await screen.findByText('Secret page')).toBeTruthy();
    act(() => setSession(queryClient, null));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.search).toBe('?redirectTo=%2Faudit');

    act(() => setSession(queryClient, meAs('viewer')));
    await act(() => router.navigate('/audit'));
    act(() => forgetSession(queryClient));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
  });

  it('lets a signed-in user through', async () => {
    renderWithApp(page, { me: meAs('viewer'), path: '/audit', routes: [loginStandIn] });
    expect(await screen.findByText('Secret page')).toBeTruthy();
  });
});
