import type { MfaCodeBody, MfaSetup } from '@tabula/protocol';
import { Button, Flex, Form, Modal, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useEnableMfa } from '../api/enable-mfa';
import { MfaCodeItem } from './mfa-code-item';
import { RecoveryCodes } from './recovery-codes';

interface MfaSetupModalProps {
  /** The secret the server made for this set-up; null while the modal is closed. */
  setup: MfaSetup | null;
  onClose: () => void;
}

/** Scan (or type) the secret into an authenticator app, confirm a first code, then keep the recovery codes. */
export function MfaSetupModal({ setup, onClose }: MfaSetupModalProps) {
  const { t } = useTranslation('account');
  const me = useUser();
  const [form] = Form.useForm<MfaCodeBody>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const enable = useEnableMfa();
  const { submit, error, clearError } = useFormSubmit(
    form,
    enable.mutateAsync,
    (result) => setCodes(result.recoveryCodes),
    { wrongCredential: { field: 'code', message: t('mfa.wrongCode') } },
  );

  const reset = () => {
    setCodes(null);
    clearError();
  };

  return (
    <Modal
      open={setup !== null}
      title={codes ? t('mfa.recovery.title') : t('mfa.setup.title')}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      // The recovery codes are shown once: a click beside the dialog must not lose them.
      maskClosable={!codes}
      footer={
        codes ? (
          <Button type="primary" onClick={onClose} data-testid="recovery-codes-done">
            {t('mfa.recovery.saved')}
          </Button>
        ) : undefined
      }
      okText={t('mfa.setup.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      confirmLoading={enable.isPending}
      okButtonProps={{ 'data-testid': 'mfa-setup-submit' }}
    >
      {codes ? (
        <RecoveryCodes codes={codes} email={me.user.email} />
      ) : (
        setup && (
          <Flex vertical gap={12} style={{ marginTop: 16 }}>
            <Typography.Text>{t('mfa.setup.scan')}</Typography.Text>
            <Flex justify="center">
              <QRCode value={setup.otpauthUrl} type="svg" size={184} data-testid="mfa-qr" />
            </Flex>
            <Typography.Text type="secondary">{t('mfa.setup.manual')}</Typography.Text>
            <CopyableValue value={setup.secret} testId="mfa-secret" />
            <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="mfa-setup">
              <Typography.Paragraph style={{ marginTop: 8 }}>{t('mfa.setup.enterCode')}</Typography.Paragraph>
              <ServerErrorAlert error={error} />
              <MfaCodeItem testId="mfa-setup-code" />
            </Form>
          </Flex>
        )
      )}
    </Modal>
  );
}
