import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { useSignedOutPage } from './use-signed-out-page';

/** First run only: the first user creates the organization and owns it. */
export function SignupRoute() {
  const { t } = useTranslation('auth');
  const { me, setup, redirectTo, continueToApp, otherPage } = useSignedOutPage();

  if (me) return <Navigate to={redirectTo} replace />;
  if (setup.data && !setup.data.signupOpen) return <Navigate to={otherPage('/login')} replace />;

  return (
    <AuthLayout title={t('signup.title')} description={t('signup.description')}>
      {setup.isPending ? <Skeleton active /> : <SignupForm onSuccess={continueToApp} />}
    </AuthLayout>
  );
}
