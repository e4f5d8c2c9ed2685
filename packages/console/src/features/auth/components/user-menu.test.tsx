import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../../../lib/protected-route';
import { queryKeys } from '../../../lib/query-keys';
import { meAs } from '../../../testing/fixtures';
import { mockApi, NO_ANSWER } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { LOGOUT_TIMEOUT_MS } from '../api/logout';
import { UserMenu } from './user-menu';

function renderMenu() {
  const onSignedOut = vi.fn();
  // Behind the sign-in guard, as in the app: once the session is forgotten the menu gives way to the sign-in page.
  const view = renderWithApp(
    <ProtectedRoute>
      <UserMenu onOpenAccount={vi.fn()} onOpenSettings={vi.fn()} onSignedOut={onSignedOut} />
    </ProtectedRoute>,
    {
      me: meAs('editor'),
      path: '/projects/:projectId/flags',
      url: '/projects/p1/flags?tag=checkout',
      routes: [{ path: '/login', element: <p data-testid="login-page" /> }],
    },
  );
  view.queryClient.setQueryData(queryKeys.members, []);
  return { ...view, onSignedOut };
}

async function signOut() {
  fireEvent.click(screen.getByTestId('user-menu'));
  fireEvent.click(await screen.findByTestId('sign-out'));
}

describe('signing out from the user menu', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells the server, forgets the session and what it showed, then leaves', async () => {
    const { calls } = mockApi({ 'POST /api/v1/auth/logout': { status: 204 } });
    const { queryClient, onSignedOut, router } = renderMenu();
    await signOut();

    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/v1/auth/logout']);
    expect(calls[0]?.headers.get('x-csrf-token')).toBe('csrf-editor');
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
    expect(queryClient.getQueryData(queryKeys.members)).toBeUndefined();
    expect(await screen.findByTestId('login-page')).toBeTruthy();
    // The page left is not offered to whoever signs in next.
    expect(router.state.location.search).toBe('');
  });

  it('signs this browser out even when the server refuses', async () => {
    mockApi({ 'POST /api/v1/auth/logout': { status: 503, body: { error: { code: 'unavailable', message: 'down' } } } });
    const { queryClient, onSignedOut } = renderMenu();
    await signOut();

    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1));
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
  });

  it('stops waiting for a server that does not answer', async () => {
    // The request's time limit, run out by hand: the test does not wait ten seconds.
    const limit = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(limit.signal);
    mockApi({ 'POST /api/v1/auth/logout': NO_ANSWER });
    const { queryClient, onSignedOut } = renderMenu();
    await signOut();

    await waitFor(() => expect(timeout).toHaveBeenCalledWith(LOGOUT_TIMEOUT_MS));
    expect(onSignedOut).not.toHaveBeenCalled();
    limit.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1));
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
  });
});
