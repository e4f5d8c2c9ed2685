import { Alert, Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useInvitation } from '../../../features/auth/api/get-invitation';
import { AcceptInvitationForm } from '../../../features/auth/components/accept-invitation-form';
import { isNotFound } from '../../../lib/api-client';

export function InviteRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const invitation = useInvitation(token);

  if (invitation.isPending) {
    return (
      <AuthLayout title={t('invite.loading')}>
        <Skeleton active />
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    const gone = isNotFound(invitation.error);
    return (
      <AuthLayout title={t('invite.invalidTitle')}>
        {gone ? (
          <Result status="warning" subTitle={t('invite.invalidDescription')} style={{ padding: 0 }} />
        ) : (
          <ServerErrorAlert error={invitation.error} />
        )}
        <Button block onClick={() => navigate('/login')}>
          {t('callback.backToLogin')}
        </Button>
      </AuthLayout>
    );
  }

  const { organization, role, expiresAt } = invitation.data;
  return (
    <AuthLayout title={t('invite.title', { organization: organization.name })}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        data-testid="invitation-summary"
        title={t('invite.summary', { organization: organization.name, role: t(`common:roles.${role}`) })}
        description={
          <>
            {t('invite.expires')} <RelativeTime value={expiresAt} />
          </>
        }
      />
      <AcceptInvitationForm
        token={token}
        invitation={invitation.data}
        onSuccess={() => navigate('/', { replace: true })}
      />
    </AuthLayout>
  );
}
