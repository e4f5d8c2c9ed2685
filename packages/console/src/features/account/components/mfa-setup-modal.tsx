import type { MfaSetup } from '@tabula/protocol';
import { Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';
import { useEnableMfa } from '../api/enable-mfa';
import { MfaCodeModal } from './mfa-code-modal';

interface MfaSetupModalProps {
  /** The secret the server made for this set-up; null while the modal is closed. */
  setup: MfaSetup | null;
  onClose: () => void;
}

/** Scan (or type) the secret into an authenticator app, confirm a first code, then keep the recovery codes. */
export function MfaSetupModal({ setup, onClose }: MfaSetupModalProps) {
  const { t } = useTranslation('account');
  const enable = useEnableMfa();

  return (
    <MfaCodeModal
      open={setup !== null}
      onClose={onClose}
      mutation={enable}
      title={t('mfa.setup.title')}
      submitText={t('mfa.setup.submit')}
      submitTestId="mfa-setup-submit"
      formName="mfa-setup"
      codeTestId="mfa-setup-code"
    >
      {setup && (
        <Flex vertical gap={12} style={{ marginTop: 16 }}>
          <Typography.Text>{t('mfa.setup.scan')}</Typography.Text>
          <Flex justify="center">
            <QRCode value={setup.otpauthUrl} type="svg" size={184} data-testid="mfa-qr" />
          </Flex>
          <Typography.Text type="secondary">{t('mfa.setup.manual')}</Typography.Text>
          <CopyableValue value={setup.secret} testId="mfa-secret" />
          <Typography.Paragraph style={{ marginTop: 8 }}>{t('mfa.setup.enterCode')}</Typography.Paragraph>
        </Flex>
      )}
    </MfaCodeModal>
  );
}
