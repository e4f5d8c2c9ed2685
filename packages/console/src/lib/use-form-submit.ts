import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from './form-errors';

/**
 * Submits a form through a mutation. Field problems the server reports land on their fields;
 * anything else is returned as `error`, for an alert above the form.
 */
export function useFormSubmit<TValues, TResult>(
  form: FormInstance<TValues>,
  mutate: (values: TValues) => Promise<TResult>,
  onSuccess?: (result: TResult, values: TValues) => void,
) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const submit = async (values: TValues) => {
    setError(null);
    let result: TResult;
    try {
      result = await mutate(values);
    } catch (caught) {
      if (!applyServerErrors(form, caught, t)) setError(caught);
      return;
    }
    onSuccess?.(result, values);
  };
  return { submit, error, clearError: () => setError(null) };
}
