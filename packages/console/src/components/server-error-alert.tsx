import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { describeError } from '../lib/form-errors';

/** A failed request in words: what kind of failure (translated), then what the server said. */
export function ServerErrorAlert({ error, style }: { error: unknown; style?: React.CSSProperties }) {
  const { t } = useTranslation();
  if (!error) return null;
  const title = isApiError(error) ? t(`errors.${error.code}`) : t('errors.generic');
  const description = describeError(error, t);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="server-error"
      title={title}
      description={description !== title ? description : undefined}
      style={{ marginBottom: 16, ...style }}
    />
  );
}
