import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { useMe, useSetup } from '../../../lib/auth';
import { REDIRECT_PARAM, safeRedirect } from '../../../lib/redirect';

/** First run only: the first user creates the organization and owns it. */
export function SignupRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get(REDIRECT_PARAM));
  const { data: me } = useMe();
  const setup = useSetup();

  if (me) return <Navigate to={redirectTo} replace />;
  if (setup.data && !setup.data.signupOpen)
    return <Navigate to={{ pathname: '/login', search: params.toString() }} replace />;

  return (
    <AuthLayout title={t('signup.title')} description={t('signup.description')}>
      {setup.isPending ? <Skeleton active /> : <SignupForm onSuccess={() => navigate(redirectTo, { replace: true })} />}
    </AuthLayout>
  );
}
