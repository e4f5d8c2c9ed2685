import { KeyOutlined } from '@ant-design/icons';
import { type Member, PASSWORD_RESET_TTL_HOURS } from '@tabula/protocol';
import { Button, Modal, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OneTimeLink } from '../../../components/one-time-link';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCreatePasswordReset } from '../api/create-password-reset';

/** Makes a password reset link for a member, after a confirmation, and shows it once to copy. */
export function PasswordResetButton({ member }: { member: Member }) {
  const { t } = useTranslation('organization');
  const create = useCreatePasswordReset();
  const name = member.user.name || member.user.email;

  return (
    <>
      <Popconfirm
        title={t('members.resetConfirm', { name })}
        description={t('members.resetDescription', { hours: PASSWORD_RESET_TTL_HOURS })}
        okText={t('members.resetCreate')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ 'data-testid': 'password-reset-confirm' }}
        onConfirm={() => create.mutate(member.user.id)}
      >
        <Button
          size="small"
          icon={<KeyOutlined />}
          loading={create.isPending}
          aria-label={t('members.resetNamed', { name })}
          data-testid={`password-reset-${member.user.id}`}
        >
          {t('members.resetPassword')}
        </Button>
      </Popconfirm>
      <Modal
        open={create.isSuccess || create.isError}
        title={t('members.resetTitle', { name })}
        onCancel={() => create.reset()}
        footer={
          <Button type="primary" onClick={() => create.reset()} data-testid="password-reset-done">
            {t('common:actions.done')}
          </Button>
        }
      >
        <ServerErrorAlert error={create.error} />
        {create.data && (
          <>
            <OneTimeLink
              note={t('members.resetLinkNote', { name })}
              url={create.data.url}
              testId="password-reset-link"
            />
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {t('members.resetExpires')} <RelativeTime value={create.data.expiresAt} />
            </Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
