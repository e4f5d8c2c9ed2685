import type { MfaCodeBody } from '@tabula/protocol';
import { Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { MfaCodeItem } from './mfa-code-item';
import { RecoveryCodes } from './recovery-codes';

/** A code from the app in exchange for a new set of recovery codes; the old set stops working. */
export function RecoveryCodesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const me = useUser();
  const [form] = Form.useForm<MfaCodeBody>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useRegenerateRecoveryCodes();
  const { submit, error, clearError } = useFormSubmit(
    form,
    regenerate.mutateAsync,
    (result) => setCodes(result.recoveryCodes),
    { wrongCredential: { field: 'code', message: t('mfa.wrongCode') } },
  );

  return (
    <Modal
      open={open}
      title={codes ? t('mfa.recovery.title') : t('mfa.regenerate.title')}
      onCancel={onClose}
      afterClose={() => {
        setCodes(null);
        clearError();
      }}
      destroyOnHidden
      maskClosable={!codes}
      footer={
        codes ? (
          <Button type="primary" onClick={onClose} data-testid="recovery-codes-done">
            {t('mfa.recovery.saved')}
          </Button>
        ) : undefined
      }
      okText={t('mfa.regenerate.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      confirmLoading={regenerate.isPending}
      okButtonProps={{ 'data-testid': 'regenerate-submit' }}
    >
      {codes ? (
        <RecoveryCodes codes={codes} email={me.user.email} />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="regenerate-recovery-codes">
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            {t('mfa.regenerate.description')}
          </Typography.Paragraph>
          <ServerErrorAlert error={error} />
          <MfaCodeItem testId="regenerate-code" />
        </Form>
      )}
    </Modal>
  );
}
