import { PASSWORD_IS_COMMON, PASSWORD_IS_EMAIL } from '@tabula/protocol';
import { dictionary } from '@zxcvbn-ts/language-common';
import { invalidField } from '../../http/app-error';

/** About 50,000 passwords leaked most often, as zxcvbn-ts keeps them (its strength meter in the console uses them too). */
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()));

/**
 * What a new password must not be, beyond its length (the schema's): the account's email, or one of the most common
 * passwords, as NIST SP 800-63B asks. Throws a 400 on the field that holds it.
 */
export function checkNewPassword(password: string, email: string, field: string): void {
  const lowered = password.trim().toLowerCase();
  if (lowered === email.trim().toLowerCase()) throw invalidField(field, PASSWORD_IS_EMAIL);
  if (COMMON.has(lowered)) throw invalidField(field, PASSWORD_IS_COMMON);
}
