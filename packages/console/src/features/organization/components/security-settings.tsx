import { App as AntdApp, type ButtonProps, Flex, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { useOrganization } from '../api/get-organization';
import { useUpdateOrganization } from '../api/update-organization';

/** Organization-wide sign-in rules; the app shows this only to those who may change them. */
export function SecuritySettings() {
  const { t } = useTranslation('organization');
  const { modal, message } = AntdApp.useApp();
  const me = useUser();
  const organization = useOrganization();
  const update = useUpdateOrganization();

  // A failure shows above the switch, from the mutation's error.
  const apply = (requireMfa: boolean) =>
    update
      .mutateAsync({ requireMfa })
      .then(() => message.success(t(requireMfa ? 'security.requireMfaOn' : 'security.requireMfaOff')))
      .catch(() => undefined);

  const setRequireMfa = (requireMfa: boolean) => {
    if (!requireMfa) return void apply(requireMfa);
    // Turning it on locks out, until they set it up, everyone without a second factor: perhaps the admin too.
    modal.confirm({
      title: t('security.requireMfaConfirm'),
      content: me.user.mfaEnabled ? t('security.requireMfaEffect') : t('security.requireMfaSelf'),
      okText: t('security.requireMfaOk'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { 'data-testid': 'require-mfa-confirm' } as ButtonProps,
      onOk: () => apply(requireMfa),
    });
  };

  if (organization.isPending) return <Skeleton active />;
  return (
    <>
      <ServerErrorAlert error={organization.error ?? update.error} />
      {organization.data && (
        <Flex justify="space-between" align="flex-start" gap={16}>
          <Flex vertical gap={4}>
            <Typography.Text strong id="require-mfa-label">
              {t('security.requireMfa')}
            </Typography.Text>
            <Typography.Text type="secondary">{t('security.requireMfaDescription')}</Typography.Text>
          </Flex>
          <Switch
            checked={organization.data.requireMfa}
            loading={update.isPending}
            onChange={setRequireMfa}
            aria-labelledby="require-mfa-label"
            data-testid="require-mfa-switch"
          />
        </Flex>
      )}
    </>
  );
}
