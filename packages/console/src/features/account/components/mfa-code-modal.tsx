import type { MfaCodeBody, RecoveryCodes as RecoveryCodesResult } from '@tabula/protocol';
import { Button, Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaCodeItem } from '../../../components/mfa-code-item';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { RecoveryCodes } from './recovery-codes';

interface MfaCodeModalProps {
  open: boolean;
  onClose: () => void;
  /** The mutation the code is sent with; it answers with a new set of recovery codes. */
  mutation: { mutateAsync: (body: MfaCodeBody) => Promise<RecoveryCodesResult>; isPending: boolean };
  title: string;
  submitText: string;
  submitTestId: string;
  formName: string;
  codeTestId: string;
  /** What to do before typing the code, above it. */
  children: ReactNode;
}

/** A code from the authenticator app, then the recovery codes the server answers with, shown this once. */
export function MfaCodeModal({
  open,
  onClose,
  mutation,
  title,
  submitText,
  submitTestId,
  formName,
  codeTestId,
  children,
}: MfaCodeModalProps) {
  const { t } = useTranslation('account');
  const me = useUser();
  const [form] = Form.useForm<MfaCodeBody>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { submit, error, clearError } = useFormSubmit(
    form,
    mutation.mutateAsync,
    (result) => setCodes(result.recoveryCodes),
    { wrongCredential: { field: 'code', message: t('mfa.wrongCode') } },
  );

  const reset = () => {
    setCodes(null);
    clearError();
  };

  return (
    <Modal
      open={open}
      title={codes ? t('mfa.recovery.title') : title}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      // The recovery codes are shown once: a click beside the dialog must not lose them.
      mask={{ closable: !codes }}
      footer={
        codes ? (
          <Button type="primary" onClick={onClose} data-testid="recovery-codes-done">
            {t('mfa.recovery.saved')}
          </Button>
        ) : undefined
      }
      okText={submitText}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      confirmLoading={mutation.isPending}
      okButtonProps={{ 'data-testid': submitTestId }}
    >
      {codes ? (
        <RecoveryCodes codes={codes} email={me.user.email} />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name={formName}>
          {children}
          <ServerErrorAlert error={error} />
          <MfaCodeItem testId={codeTestId} />
        </Form>
      )}
    </Modal>
  );
}
