import { Button, Divider, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SsoButton } from '../../../features/auth/components/sso-button';
import { useSignedOutPage } from './use-signed-out-page';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const { me, setup, redirectTo, continueToApp, otherPage } = useSignedOutPage();

  if (me) return <Navigate to={redirectTo} replace />;
  // First run: nobody can sign in before the first user has signed up.
  if (setup.data?.signupOpen) return <Navigate to={otherPage('/signup')} replace />;

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
      {setup.isPending ? <Skeleton active /> : <LoginForm onSuccess={continueToApp} />}
      {setup.data?.sso.enabled && (
        <>
          <Divider plain>{t('login.or')}</Divider>
          <SsoButton label={setup.data.sso.label} returnTo={redirectTo} />
        </>
      )}
    </AuthLayout>
  );
}
