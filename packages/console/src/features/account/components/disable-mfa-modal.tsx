import type { DisableMfaBody } from '@tabula/protocol';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { isApiError } from '../../../lib/api-client';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useDisableMfa } from '../api/disable-mfa';

/** Turning the second factor off asks for the password, so an unattended browser cannot do it. */
export function DisableMfaModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const rules = useRules();
  const [form] = Form.useForm<DisableMfaBody>();
  const disable = useDisableMfa();
  const { submit, error, clearError } = useFormSubmit(form, disable.mutateAsync, onClose, {
    wrongCredential: { field: 'password', message: t('mfa.disable.wrongPassword') },
  });
  // The organization began to require a second factor after this page was shown.
  const required = isApiError(error) && error.status === 403;

  return (
    <Modal
      open={open}
      title={t('mfa.disable.title')}
      onCancel={onClose}
      afterClose={clearError}
      destroyOnHidden
      okText={t('mfa.disable.submit')}
      okButtonProps={{ danger: true, 'data-testid': 'disable-mfa-submit' }}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      confirmLoading={disable.isPending}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="disable-mfa">
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('mfa.disable.description')}
        </Typography.Paragraph>
        {required ? (
          <Alert type="error" showIcon title={t('mfa.requiredByOrganization')} style={{ marginBottom: 16 }} />
        ) : (
          <ServerErrorAlert error={error} />
        )}
        <Form.Item name="password" label={t('mfa.disable.password')} rules={[rules.required('password')]}>
          <Input.Password autoComplete="current-password" data-testid="disable-mfa-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
