import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { meAs } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { LoginForm } from './login-form';

function fill(email: string, password: string) {
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

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

  it('shows what went wrong when the server refuses', async () => {
    mockApi({
      'POST /api/v1/auth/login': {
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Wrong email or password' } },
      },
    });
    renderWithApp(<LoginForm onSuccess={vi.fn()} />);

    fill('someone@example.com', 'nope-nope');

    const alert = await screen.findByTestId('server-error');
    expect(alert.textContent).toContain('Sign-in failed');
    expect(alert.textContent).toContain('Wrong email or password');
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
});
