import { MIN_PASSWORD_LENGTH, PASSWORD_IS_COMMON, PASSWORD_IS_EMAIL } from '@tabula/protocol';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeError, translateServerMessage } from './form-errors';

describe('server messages', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it('turns the spec §5 prompts the server sends into the user language', async () => {
    await i18next.changeLanguage('zh-CN');
    expect(translateServerMessage('Please input valid email', i18next.t)).toBe('请输入有效的邮箱');
    expect(translateServerMessage('Please input name', i18next.t)).toBe('请输入名称');
    await i18next.changeLanguage('ja');
    expect(translateServerMessage('Please input valid key: lowercase only', i18next.t)).toBe(
      '有効なキーを入力してください',
    );
  });

  it('says in the user language why a webhook address is refused', async () => {
    const refused = 'Please input a public address: 10.0.0.5 is on a private network (TABULA_WEBHOOK_ALLOW_PRIVATE)';
    await i18next.changeLanguage('zh-CN');
    expect(translateServerMessage(refused, i18next.t)).toBe(
      '请输入公网地址：10.0.0.5 位于内网，本服务器不向内网发送 Webhook',
    );
    await i18next.changeLanguage('ja');
    expect(translateServerMessage(refused, i18next.t)).toMatch(/^公開アドレスを入力してください：10\.0\.0\.5 は/);
  });

  it('gives the reasons a new password is refused words of their own', async () => {
    const tooShort = `Please input valid password: at least ${MIN_PASSWORD_LENGTH} characters`;
    expect(translateServerMessage(tooShort, i18next.t)).toBe('Please input valid password: at least 12 characters');
    expect(translateServerMessage(PASSWORD_IS_EMAIL, i18next.t)).toBe(
      'Please input valid password: it must not be your email address',
    );
    await i18next.changeLanguage('ja');
    expect(translateServerMessage(tooShort, i18next.t)).toBe('有効なパスワードを入力してください：12 文字以上');
    expect(translateServerMessage(PASSWORD_IS_EMAIL, i18next.t)).toBe(
      '有効なパスワードを入力してください：メールアドレスと同じものは使えません',
    );
    await i18next.changeLanguage('zh-CN');
    expect(translateServerMessage(PASSWORD_IS_COMMON, i18next.t)).toBe('请输入有效的密码：该密码过于常见，容易被猜中');
    expect(translateServerMessage('Please input valid password: at most 200 characters', i18next.t)).toBe(
      '请输入有效的密码：最多 200 个字符',
    );
  });

  it('leaves anything else as the server wrote it', () => {
    expect(translateServerMessage('Wrong email or password', i18next.t)).toBe('Wrong email or password');
    expect(translateServerMessage('Please input valid widget', i18next.t)).toBe('Please input valid widget');
  });
});

describe('failed requests in words', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it('says a server that cannot be reached in the user language, not the browser’s words', async () => {
    const failed = new ApiError(0, 'network_error', 'Failed to fetch');
    expect(describeError(failed, i18next.t)).toBe('Cannot reach the server. Check your connection');
    await i18next.changeLanguage('ja');
    expect(describeError(failed, i18next.t)).not.toContain('Failed to fetch');
    expect(describeError(failed, i18next.t)).toBe(i18next.t('common:errors.network_error'));
  });

  it('names a configured API host that cannot be reached, with this console’s address', () => {
    const failed = new ApiError(0, 'network_error', 'Failed to fetch', { apiHost: 'https://api-sg.example.com' });
    const text = describeError(failed, i18next.t);
    expect(text).toContain('Cannot reach the API host https://api-sg.example.com');
    expect(text).toContain(`(${globalThis.location.origin})`);
  });

  it('keeps what the server said, and a generic line for what is no error', () => {
    expect(describeError(new ApiError(409, 'conflict', 'Key already used'), i18next.t)).toBe('Key already used');
    expect(describeError('boom', i18next.t)).toBe('Something went wrong');
  });
});
