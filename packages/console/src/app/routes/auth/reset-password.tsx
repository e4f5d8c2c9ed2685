import { Alert, Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { usePasswordReset } from '../../../features/auth/api/get-password-reset';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { isNotFound } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth';

/** Where a password reset link an admin handed out lands: `/reset-password/:token`. */
export function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const reset = usePasswordReset(token);
  const { data: me } = useMe();

  if (reset.isPending) {
    return (
      <AuthLayout title={t('reset.loading')}>
        <Skeleton active />
      </AuthLayout>
    );
  }
  if (reset.isError) {
    const gone = isNotFound(reset.error);
    return (
      <AuthLayout title={t('reset.invalidTitle')}>
        {gone ? (
          <Result
            status="warning"
            subTitle={t('reset.invalidDescription')}
            style={{ padding: 0 }}
            data-testid="reset-invalid"
          />
        ) : (
          <ServerErrorAlert error={reset.error} />
        )}
        <Button block onClick={() => navigate('/login')}>
          {t('callback.backToLogin')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset.title')}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        data-testid="reset-summary"
        title={t('reset.summary', { email: reset.data.email })}
        description={
          <>
            {t('reset.otherSessions')} {t('reset.expires')} <RelativeTime value={reset.data.expiresAt} />
          </>
        }
      />
      {me && me.user.email !== reset.data.email && (
        // Someone handing the link over may try it in their own browser: it would sign them in as the member.
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24 }}
          data-testid="reset-other-account"
          title={t('reset.signedInAs', { email: me.user.email })}
        />
      )}
      <ResetPasswordForm
        token={token}
        reset={reset.data}
        onSuccess={() => navigate('/', { replace: true })}
        onBack={() => navigate('/login', { replace: true })}
      />
    </AuthLayout>
  );
}
