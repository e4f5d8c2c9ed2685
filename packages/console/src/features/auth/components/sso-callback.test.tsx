import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { meAs } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { rememberSsoReturn, takeSsoReturn } from '../sso-return';
import { SsoCallback } from './sso-callback';

describe('single sign-on', () => {
  it('exchanges the code once at auth/auth0token and starts the session', async () => {
    const me = meAs('editor');
    const { calls } = mockApi({ 'POST /api/auth/auth0token': { body: { token: me.csrfToken, me } } });
    const onSuccess = vi.fn();
    const { queryClient } = renderWithApp(
      <SsoCallback
        code="c0de"
        state="st4te"
        issuer="https://idp.example"
        providerError={null}
        onSuccess={onSuccess}
        onBack={vi.fn()}
      />,
    );

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ code: 'c0de', state: 'st4te', iss: 'https://idp.example' });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(me);
  });

  it('explains a failed exchange and offers the way back', async () => {
    mockApi({
      'POST /api/auth/auth0token': { status: 400, body: { error: { code: 'bad_request', message: 'State mismatch' } } },
    });
    renderWithApp(
      <SsoCallback code="c" state="s" issuer={null} providerError={null} onSuccess={vi.fn()} onBack={vi.fn()} />,
    );
    expect((await screen.findByTestId('server-error')).textContent).toContain('State mismatch');
    expect(screen.getByText('Back to sign in')).toBeTruthy();
  });

  it('does not call the server without a code', () => {
    const { calls } = mockApi({});
    renderWithApp(
      <SsoCallback
        code={null}
        state={null}
        issuer={null}
        providerError="access_denied"
        onSuccess={vi.fn()}
        onBack={vi.fn()}
      />,
    );
    expect(screen.getByText('access_denied')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('returns to the remembered page once, and only to pages of this site', () => {
    rememberSsoReturn('/projects/p1');
    expect(takeSsoReturn(null)).toBe('/projects/p1');
    expect(takeSsoReturn(null)).toBe('/');
    expect(takeSsoReturn('//evil.example')).toBe('/');
  });
});
