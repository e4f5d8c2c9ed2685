import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

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
  | 'confirmation';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;
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
    password: (): Rule => ({ min: PASSWORD_MIN, max: PASSWORD_MAX, message: inputValid('password') }),
    name: (field: FieldName = 'name'): Rule => ({ max: NAME_MAX, message: inputValid(field) }),
    key: (): Rule => ({ pattern: KEY_PATTERN, max: KEY_MAX, message: inputValid('key') }),
    equals: (field: FieldName, expected: string): Rule => ({
      validator: (_, value) => (value === expected ? Promise.resolve() : Promise.reject(new Error(inputValid(field)))),
    }),
  };
}
