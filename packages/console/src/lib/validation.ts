import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@tabula/protocol';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { isEmailPassword, personalInputs, ratePassword } from './password-strength';

/** Field nouns of the `fields` section of the common bundle, as they read inside a prompt. */
export type FieldName =
  | 'email'
  | 'password'
  | 'name'
  | 'organizationName'
  | 'projectName'
  | 'description'
  | 'key'
  | 'environment'
  | 'role'
  | 'keyName'
  | 'kind'
  | 'confirmation'
  | 'code';

const NAME_MAX = 100;
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
const KEY_MAX = 64;

/** Form rules whose messages are the spec §5 generic prompts, translated. */
export function useRules() {
  const { t } = useTranslation('common');
  const noun = (field: FieldName) => t(`fields.${field}`);
  const input = (field: FieldName) => t('validation.input', { s: noun(field) });
  const inputValid = (field: FieldName) => t('validation.inputValid', { s: noun(field) });

  return {
    required: (field: FieldName): Rule => ({ required: true, whitespace: true, message: input(field) }),
    choose: (field: FieldName): Rule => ({ required: true, message: t('validation.choose', { s: noun(field) }) }),
    // The server trims addresses, so a pasted trailing space is no reason to refuse one.
    email: (): Rule => ({ type: 'email', transform: (value?: string) => value?.trim(), message: inputValid('email') }),
    /**
     * A password someone chooses: the protocol's length, not their email, not among the most common (zxcvbn's
     * score 0). The server checks the same and stays the authority; these only answer sooner.
     */
    newPassword: (email: () => string | undefined): Rule[] => [
      { min: MIN_PASSWORD_LENGTH, message: t('validation.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) },
      { max: MAX_PASSWORD_LENGTH, message: t('validation.passwordTooLong', { max: MAX_PASSWORD_LENGTH }) },
      {
        validator: (_, value?: string) =>
          isEmailPassword(value, email())
            ? Promise.reject(new Error(t('validation.passwordIsEmail')))
            : Promise.resolve(),
      },
      {
        validator: async (_, value?: string) => {
          if (!value || value.length < MIN_PASSWORD_LENGTH) return;
          // Without the estimator (it failed to load) the server's own check still stands.
          const strength = await ratePassword(value, personalInputs(email())).catch(() => null);
          if (strength?.score === 0) throw new Error(t('validation.passwordIsCommon'));
        },
      },
    ],
    /** The second typing of a new password, against the first. */
    samePassword: (password: () => string | undefined): Rule => ({
      validator: (_, value?: string) =>
        !value || value === password() ? Promise.resolve() : Promise.reject(new Error(t('validation.passwordsDiffer'))),
    }),
    name: (field: FieldName = 'name'): Rule => ({ max: NAME_MAX, message: inputValid(field) }),
    key: (): Rule => ({ pattern: KEY_PATTERN, max: KEY_MAX, message: inputValid('key') }),
    equals: (field: FieldName, expected: string): Rule => ({
      validator: (_, value) => (value === expected ? Promise.resolve() : Promise.reject(new Error(inputValid(field)))),
    }),
  };
}
