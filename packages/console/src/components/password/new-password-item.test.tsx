import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { NewPasswordItem } from './new-password-item';

function SignupLikeForm({ onFinish }: { onFinish: (values: unknown) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} onFinish={onFinish} initialValues={{ email: 'ada@example.com' }}>
      <Form.Item name="email">
        <Input data-testid="email" />
      </Form.Item>
      <NewPasswordItem label="Password" testId="password" emailField="email" />
      <button type="submit" data-testid="submit">
        Go
      </button>
    </Form>
  );
}

function typePassword(value: string) {
  fireEvent.change(screen.getByTestId('password'), { target: { value } });
}

describe('new password', () => {
  it('needs at least 12 characters', async () => {
    const onFinish = vi.fn();
    renderWithApp(<SignupLikeForm onFinish={onFinish} />);

    typePassword('eleven char');
    fireEvent.click(screen.getByTestId('submit'));

    expect(await screen.findByText('Please input valid password: at least 12 characters')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('may not be the email address typed above it', async () => {
    const onFinish = vi.fn();
    renderWithApp(<SignupLikeForm onFinish={onFinish} />);

    typePassword('Ada@Example.com');
    fireEvent.click(screen.getByTestId('submit'));

    expect(await screen.findByText('Please input valid password: it must not be your email address')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('flags a password zxcvbn rates 0 as too common, and shows it as very weak', async () => {
    const onFinish = vi.fn();
    renderWithApp(<SignupLikeForm onFinish={onFinish} />);

    typePassword('passwordpassword');
    fireEvent.click(screen.getByTestId('submit'));

    expect(await screen.findByText('Please input valid password: it is too common and easy to guess')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('password-strength').dataset.score).toBe('0'));
    expect(screen.getByTestId('password-strength-level').textContent).toBe('Strength: very weak');
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('0');
    // zxcvbn's advice, in the user's words.
    expect(screen.getByTestId('password-strength-advice').textContent).toContain(
      'Avoid repeated words and characters.',
    );
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('accepts a long passphrase and calls it very strong, in the user language', async () => {
    const onFinish = vi.fn();
    renderWithApp(<SignupLikeForm onFinish={onFinish} />);

    typePassword('correct horse battery staple');
    await waitFor(() => expect(screen.getByTestId('password-strength').dataset.score).toBe('4'));
    expect(screen.getByTestId('password-strength-level').textContent).toBe('Strength: very strong');
    expect(screen.queryByTestId('password-strength-advice')).toBeNull();

    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'correct horse battery staple' }),
    );

    await i18next.changeLanguage('ja');
    expect((await screen.findByTestId('password-strength-level')).textContent).toBe('強度：とても強い');
  });

  it('shows no meter before anything is typed', () => {
    renderWithApp(<SignupLikeForm onFinish={vi.fn()} />);
    expect(screen.queryByTestId('password-strength')).toBeNull();
    expect(screen.getByText(/At least 12 characters/)).toBeTruthy();
  });
});
