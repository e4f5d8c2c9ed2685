import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';
import { applyServerErrors } from './form-errors';

export interface FormSubmitOptions<TValues> {
  /**
   * The form sends a password or a code: a 401, or a problem the server names on its field, says it was wrong,
   * and lands on that field in these words.
   */
  wrongCredential?: { field: keyof TValues & string; message: string };
}

const fieldOf = (path: string) => path.split('.').filter(Boolean).at(-1);

/**
 * Submits a form through a mutation. Field problems the server reports land on their fields;
 * anything else is returned as `error`, for an alert above the form.
 */
export function useFormSubmit<TValues, TResult>(
  form: FormInstance<TValues>,
  mutate: (values: TValues) => Promise<TResult>,
  onSuccess?: (result: TResult, values: TValues) => void,
  options: FormSubmitOptions<TValues> = {},
) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const submit = async (values: TValues) => {
    setError(null);
    let result: TResult;
    try {
      result = await mutate(values);
    } catch (caught) {
      const { wrongCredential } = options;
      const refused =
        wrongCredential &&
        isApiError(caught) &&
        (caught.status === 401 || caught.fieldIssues.some(({ path }) => fieldOf(path) === wrongCredential.field));
      if (refused) {
        // antd types a field name by the shape of the values; a top-level key is always one.
        (form as FormInstance).setFields([{ name: wrongCredential.field, errors: [wrongCredential.message] }]);
      } else if (!applyServerErrors(form, caught, t)) {
        setError(caught);
      }
      return;
    }
    onSuccess?.(result, values);
  };
  return { submit, error, clearError: () => setError(null) };
}
