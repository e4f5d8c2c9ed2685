import { PASSWORD_IS_COMMON, PASSWORD_IS_EMAIL, protectedEnvironmentDetailsSchema } from '@tabula/protocol';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError, unreachableApiHost } from './api-client';

/** Prompts whose reason, after the colon, is what the user must act on: each has words of its own. */
function specificPrompt(message: string, t: TFunction): string | null {
  if (message === PASSWORD_IS_EMAIL) return t('common:validation.passwordIsEmail');
  if (message === PASSWORD_IS_COMMON) return t('common:validation.passwordIsCommon');
  const privateHost = /^Please input a public address: (.+) is on a private network/.exec(message);
  if (privateHost) return t('common:validation.publicAddress', { host: privateHost[1] });
  const length = /^Please input valid password: at (least|most) (\d+) characters$/.exec(message);
  if (!length) return null;
  return length[1] === 'least'
    ? t('common:validation.passwordTooShort', { min: length[2] })
    : t('common:validation.passwordTooLong', { max: length[2] });
}

// The server speaks the spec §5 prompts in English ("Please input valid email: …"); these turn them back into keys.
const PROMPTS: [RegExp, string][] = [
  [/^Please input valid ([a-z ]+?)(?::.*)?$/, 'validation.inputValid'],
  [/^Please input ([a-z ]+?)(?::.*)?$/, 'validation.input'],
  [/^Please choose ([a-z ]+?)(?::.*)?$/, 'validation.choose'],
];

const camel = (words: string) => words.replace(/ ([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** A server prompt in the user's language when its field is one the bundles know; otherwise the server's words. */
export function translateServerMessage(message: string, t: TFunction): string {
  const specific = specificPrompt(message, t);
  if (specific) return specific;
  for (const [pattern, key] of PROMPTS) {
    const field = pattern.exec(message)?.[1];
    if (!field) continue;
    const nounKey = `common:fields.${camel(field)}`;
    if (!t(nounKey, { defaultValue: '' })) return message;
    return t(`common:${key}`, { s: t(nounKey) });
  }
  return message;
}

/**
 * What to tell the user about a failed request: the server's words, translated where the bundles know them. A
 * request that reached no server says so in the console's words, never the browser's ("Failed to fetch").
 */
export function describeError(error: unknown, t: TFunction): string {
  const apiHost = unreachableApiHost(error);
  if (apiHost) return t('common:errors.network_error_api_host', { host: apiHost, origin: globalThis.location?.origin });
  if (isApiError(error) && error.code === 'network_error') return t('common:errors.network_error');
  if (isApiError(error) && error.code === 'protected_environment') {
    const details = protectedEnvironmentDetailsSchema.safeParse(error.details);
    const environments = details.success ? details.data.environments.map((env) => env.name).join(', ') : '';
    return t('common:errors.protected_environment', { environments });
  }
  return error instanceof Error ? translateServerMessage(error.message, t) : t('common:errors.generic');
}

/**
 * Puts a 400's field details onto the form's fields.
 * Returns true when every issue found a field, so no separate alert is needed.
 */
export function applyServerErrors(form: FormInstance, error: unknown, t: TFunction): boolean {
  if (!isApiError(error)) return false;
  const issues = error.fieldIssues;
  if (issues.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue()));
  let unplaced = 0;
  const fields = issues.flatMap(({ path, message }) => {
    const name = path.split('.').filter(Boolean).at(-1);
    if (!name || !known.has(name)) {
      unplaced += 1;
      return [];
    }
    return [{ name, errors: [translateServerMessage(message, t)] }];
  });
  form.setFields(fields);
  return unplaced === 0;
}
