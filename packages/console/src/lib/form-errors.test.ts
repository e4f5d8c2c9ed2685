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
    expect(translateServerMessage('Please input valid password: at least 8 characters', i18next.t)).toBe(
      '有効なパスワードを入力してください',
    );
  });

  it('leaves anything else as the server wrote it', () => {
    expect(translateServerMessage('Wrong email or password', i18next.t)).toBe('Wrong email or password');
    expect(translateServerMessage('Please input valid widget', i18next.t)).toBe('Please input valid widget');
  });
});
