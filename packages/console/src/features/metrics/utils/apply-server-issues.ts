import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client';
import { translateServerMessage } from '../../../lib/form-errors';
import { formFieldOf } from './form-values';

/**
 * Puts the field problems of a refused definition on their fields, nested ones included (`source.url`).
 * Returns true when every problem found a field, so no separate alert is needed.
 */
export function applyServerIssues(form: FormInstance, error: unknown, t: TFunction): boolean {
  if (!isApiError(error) || error.fieldIssues.length === 0) return false;
  const placed = error.fieldIssues.flatMap(({ path, message }) => {
    const name = formFieldOf(path);
    return name ? [{ name, errors: [translateServerMessage(message, t)] }] : [];
  });
  form.setFields(placed);
  return placed.length === error.fieldIssues.length;
}
