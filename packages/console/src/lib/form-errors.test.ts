import { MIN_PASSWORD_LENGTH, PASSWORD_IS_COMMON, PASSWORD_IS_EMAIL } from '@tabula/protocol';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { translateServerMessage } from './form-errors';

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
