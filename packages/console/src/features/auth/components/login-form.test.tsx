import type { MfaChallenge } from '@tabula/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { meAs } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { LoginForm } from './login-form';

function fill(email: string, password: string) {
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

const challenge: MfaChallenge = {
  mfaRequired: true,
  challenge: 'ch4llenge',
  expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
};

describe('login form', () => {
  it('signs in and starts the session', async () => {
    const me = meAs('editor');
    const { calls } = mockApi({ 'POST /api/v1/auth/login': { body: me } });
    const onSuccess = vi.fn();
    const { queryClient } = renderWithApp(<LoginForm onSuccess={onSuccess} />);

    fill('editor@example.com', 'correct horse');

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ email: 'editor@example.com', password: 'correct horse' });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(me);
  });

  it("says in the user's language that the email or password is wrong", async () => {
    mockApi({
      'POST /api/v1/auth/login': {
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Email or password is incorrect' } },
      },
    });
    renderWithApp(<LoginForm onSuccess={vi.fn()} />);

    fill('someone@example.com', 'nope-nope');

    const alert = await screen.findByTestId('sign-in-refused');
    expect(alert.textContent).toBe('Email or password is incorrect');
  });

  it("shows what else went wrong in the server's words", async () => {
    mockApi({
      'POST /api/v1/auth/login': {
        status: 400,
        body: { error: { code: 'bad_request', message: 'Something the server refused' } },
      },
    });
    renderWithApp(<LoginForm onSuccess={vi.fn()} />);

    fill('someone@example.com', 'nope-nope');

    const alert = await screen.findByTestId('server-error');
    expect(alert.textContent).toContain('Something the server refused');
  });

  it('asks for the fields with the spec §5 prompts before calling the server', async () => {
    const { calls } = mockApi({});
    renderWithApp(<LoginForm onSuccess={vi.fn()} />);

    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText('Please input valid email')).toBeTruthy();
    expect(await screen.findByText('Please input password')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says how long to wait after too many failed sign-ins, and waits with the button', async () => {
    mockApi({
      'POST /api/v1/auth/login': {
        status: 429,
        headers: { 'retry-after': '42' },
        body: { error: { code: 'rate_limited', message: 'Too many failed sign-ins: try again in 42 seconds' } },
      },
    });
    renderWithApp(<LoginForm onSuccess={vi.fn()} />);

    fill('someone@example.com', 'guess-guess');

    const alert = await screen.findByTestId('sign-in-throttled');
    expect(alert.textContent).toContain('Too many failed sign-ins');
    expect(alert.textContent).toMatch(/Try again in 4[12] s/);
    expect(screen.getByTestId('login-submit').hasAttribute('disabled')).toBe(true);
  });
});

describe('login with a second factor', () => {
  it('asks for the code after the password and then signs in', async () => {
    const me = { ...meAs('editor'), user: { ...meAs('editor').user, mfaEnabled: true } };
    const { calls } = mockApi({
      'POST /api/v1/auth/login': { status: 202, body: challenge },
      'POST /api/v1/auth/login/mfa': { body: me },
    });
    const onSuccess = vi.fn();
    const { queryClient } = renderWithApp(<LoginForm onSuccess={onSuccess} />);

    fill('editor@example.com', 'correct horse');

    const code = await screen.findByTestId('login-mfa-code');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    // Some apps show the code with a space in the middle.
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByTestId('login-mfa-submit'));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls[1]?.path).toBe('/api/v1/auth/login/mfa');
    expect(calls[1]?.body).toEqual({ challenge: 'ch4llenge', code: '123456' });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(me);
  });

  it('takes a recovery code instead of the app code', async () => {
    const { calls } = mockApi({
      'POST /api/v1/auth/login': { status: 202, body: challenge },
      'POST /api/v1/auth/login/mfa': { body: meAs('viewer') },
    });
    const onSuccess = vi.fn();
    renderWithApp(<LoginForm onSuccess={onSuccess} />);

    fill('viewer@example.com', 'correct horse');
    fireEvent.click(await screen.findByTestId('login-mfa-switch'));
    expect(screen.getByTestId('login-mfa-step').textContent).toContain('recovery codes');
    fireEvent.change(screen.getByTestId('login-mfa-code'), { target: { value: ' abcd-efgh ' } });
    fireEvent.click(screen.getByTestId('login-mfa-submit'));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls[1]?.body).toEqual({ challenge: 'ch4llenge', code: 'abcd-efgh' });
  });

  it('refuses a code that is not six digits before asking, and says so when the server refuses one', async () => {
    const { calls } = mockApi({
      'POST /api/v1/auth/login': { status: 202, body: challenge },
      'POST /api/v1/auth/login/mfa': {
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Wrong code' } },
      },
    });
    const onSuccess = vi.fn();
    const { queryClient } = renderWithApp(<LoginForm onSuccess={onSuccess} />);

    fill('editor@example.com', 'correct horse');
    fireEvent.change(await screen.findByTestId('login-mfa-code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('login-mfa-submit'));
    expect(await screen.findByText('Please input the 6-digit code')).toBeTruthy();
    expect(calls).toHaveLength(1);

    fireEvent.change(screen.getByTestId('login-mfa-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('login-mfa-submit'));

    expect((await screen.findByTestId('server-error')).textContent).toContain('That code did not work');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();

    fireEvent.click(screen.getByTestId('login-mfa-back'));
    expect((screen.getByTestId('login-email') as HTMLInputElement).value).toBe('editor@example.com');
  });
});

describe('form labels', () => {
  it('binds every label to its field', () => {
    mockApi({});
    renderWithApp(<LoginForm onSuccess={vi.fn()} />);
    expect(unlabelledFields()).toEqual([]);
  });
});
