import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { isApiError } from '../../../lib/api-client';
import { translateServerMessage } from '../../../lib/form-errors';

interface SignInErrorAlertProps {
  error: unknown;
  /** Seconds until the server takes another attempt, from its Retry-After. */
  secondsLeft: number;
  /** What a 401 means on this form, in the user's language (the server's words are English). */
  refusedMessage?: string;
}

/**
 * A refused sign-in in the user's language: wrong credentials, or, when too many failed, how long to wait, counting
 * down, rather than a bare error.
 */
export function SignInErrorAlert({ error, secondsLeft, refusedMessage }: SignInErrorAlertProps) {
  const { t } = useTranslation('auth');
  if (refusedMessage && isApiError(error) && error.status === 401) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="sign-in-refused"
        title={refusedMessage}
        style={{ marginBottom: 16 }}
      />
    );
  }
  if (!isApiError(error) || error.status !== 429) return <ServerErrorAlert error={error} />;

  const minutes = Math.floor(secondsLeft / 60);
  const wait =
    minutes > 0 ? t('wait.minutes', { minutes, seconds: secondsLeft % 60 }) : t('wait.seconds', { count: secondsLeft });
  const description =
    error.retryAfterSeconds === undefined
      ? // Without the header, the server's own words say how long.
        translateServerMessage(error.message, t)
      : secondsLeft > 0
        ? t('login.throttledWait', { wait })
        : t('login.throttledOver');
  return (
    <Alert
      type={secondsLeft > 0 ? 'warning' : 'info'}
      showIcon
      role="alert"
      data-testid="sign-in-throttled"
      title={t('login.throttledTitle')}
      description={description}
      style={{ marginBottom: 16 }}
    />
  );
}
