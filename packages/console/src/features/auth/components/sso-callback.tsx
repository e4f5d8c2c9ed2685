import { Button, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useExchangeSsoCode } from '../api/exchange-sso-code';

interface SsoCallbackProps {
  code: string | null;
  state: string | null;
  /** RFC 9207: the provider names itself, so the server can tell it was the one it sent the user to. */
  issuer: string | null;
  /** What the identity provider reported instead of a code (`?error=access_denied`). */
  providerError: string | null;
  onSuccess: () => void;
  onBack: () => void;
}

export function SsoCallback({ code, state, issuer, providerError, onSuccess, onBack }: SsoCallbackProps) {
  const { t } = useTranslation('auth');
  const exchange = useExchangeSsoCode();
  // The code is single-use: React's development double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !code || !state || providerError) return;
    started.current = true;
    exchange.mutate(issuer ? { code, state, iss: issuer } : { code, state }, { onSuccess });
  }, [code, state, issuer, providerError, exchange, onSuccess]);

  const failed = providerError || !code || !state || exchange.isError;
  if (!failed) {
    return <Result icon={<Spin size="large" />} title={t('callback.signingIn')} data-testid="sso-callback-pending" />;
  }
  return (
    <Result
      status="error"
      title={t('callback.failedTitle')}
      subTitle={exchange.isError ? undefined : (providerError ?? t('callback.missingParams'))}
      extra={
        <Button type="primary" onClick={onBack}>
          {t('callback.backToLogin')}
        </Button>
      }
    >
      {exchange.isError && <ServerErrorAlert error={exchange.error} style={{ marginBottom: 0 }} />}
    </Result>
  );
}
