import { Button, Divider, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SsoButton } from '../../../features/auth/components/sso-button';
import { useMe, useSetup } from '../../../lib/auth';
import { REDIRECT_PARAM, safeRedirect } from '../../../lib/redirect';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get(REDIRECT_PARAM));
  const { data: me } = useMe();
  const setup = useSetup();

  if (me) return <Navigate to={redirectTo} replace />;
  // First run: nobody can sign in before the first user has signed up.
  if (setup.data?.signupOpen) return <Navigate to={{ pathname: '/signup', search: params.toString() }} replace />;

  return (
    <AuthLayout title={t('login.title')} description={t('login.description')}>
      {setup.isError && (
        <>
          <ServerErrorAlert error={setup.error} />
          <Button block onClick={() => setup.refetch()} style={{ marginBottom: 16 }}>
            {t('common:actions.retry')}
          </Button>
        </>
      )}
      {setup.isPending ? <Skeleton active /> : <LoginForm onSuccess={() => navigate(redirectTo, { replace: true })} />}
      {setup.data?.sso.enabled && (
        <>
          <Divider plain>{t('login.or')}</Divider>
          <SsoButton label={setup.data.sso.label} returnTo={redirectTo} />
        </>
      )}
    </AuthLayout>
  );
}
