import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { SsoCallback } from '../../../features/auth/components/sso-callback';
import { takeSsoReturn } from '../../../features/auth/sso-return';

/** Where the identity provider sends the browser back: `/auth/callback?code=…&state=…`. */
export function CallbackRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  const onSuccess = useCallback(() => navigate(takeSsoReturn(returnTo), { replace: true }), [navigate, returnTo]);

  return (
    <AuthLayout title={t('callback.title')}>
      <SsoCallback
        code={params.get('code')}
        state={params.get('state')}
        issuer={params.get('iss')}
        providerError={params.get('error_description') ?? params.get('error')}
        onSuccess={onSuccess}
        onBack={() => navigate('/login', { replace: true })}
      />
    </AuthLayout>
  );
}
