import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from './form-errors';

/** A failed one-click change (a switch, a menu action) said in a toast, where there is no form to hold an alert. */
export function useErrorToast() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (error: unknown) => void message.error(describeError(error, t));
}
