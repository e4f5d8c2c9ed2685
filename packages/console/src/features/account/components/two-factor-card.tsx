import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { MfaSetup } from '@tabula/protocol';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { useStartMfaSetup } from '../api/start-mfa-setup';
import { DisableMfaModal } from './disable-mfa-modal';
import { MfaSetupModal } from './mfa-setup-modal';
import { RecoveryCodesModal } from './recovery-codes-modal';

/** Whether signing in asks for a code from an app, and the ways to set it up, renew its recovery codes or turn it off. */
export function TwoFactorCard() {
  const { t } = useTranslation('account');
  const me = useUser();
  const start = useStartMfaSetup();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [dialog, setDialog] = useState<'codes' | 'disable' | null>(null);
  const enabled = me.user.mfaEnabled;
  const required = me.organization.requireMfa;

  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <SafetyCertificateOutlined />
          {t('mfa.title')}
          <Tag color={enabled ? 'success' : 'default'} data-testid="mfa-status">
            {enabled ? t('mfa.on') : t('mfa.off')}
          </Tag>
        </Flex>
      }
      data-testid="two-factor-card"
    >
      <Typography.Paragraph type="secondary">
        {enabled ? t('mfa.enabledDescription') : t('mfa.description')}
      </Typography.Paragraph>
      <ServerErrorAlert error={start.error} />
      {enabled ? (
        <Flex vertical gap={12}>
          <Flex gap={8} wrap>
            <Button onClick={() => setDialog('codes')} data-testid="mfa-new-codes">
              {t('mfa.newCodes')}
            </Button>
            <Button danger disabled={required} onClick={() => setDialog('disable')} data-testid="mfa-turn-off">
              {t('mfa.turnOff')}
            </Button>
          </Flex>
          {required && <Typography.Text type="secondary">{t('mfa.requiredByOrganization')}</Typography.Text>}
        </Flex>
      ) : (
        <Button
          type="primary"
          loading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
          data-testid="mfa-set-up"
        >
          {t('mfa.setUp')}
        </Button>
      )}
      <MfaSetupModal setup={setup} onClose={() => setSetup(null)} />
      <RecoveryCodesModal open={dialog === 'codes'} onClose={() => setDialog(null)} />
      <DisableMfaModal open={dialog === 'disable'} onClose={() => setDialog(null)} />
    </Card>
  );
}
