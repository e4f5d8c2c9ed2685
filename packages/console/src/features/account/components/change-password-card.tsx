import type { ChangePasswordBody } from '@tabula/protocol';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmPasswordItem } from '../../../components/password/confirm-password-item';
import { NewPasswordItem } from '../../../components/password/new-password-item';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordValues extends ChangePasswordBody {
  confirmPassword: string;
}

export function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const rules = useRules();
  const me = useUser();
  const [form] = Form.useForm<ChangePasswordValues>();
  const change = useChangePassword();
  const send = ({ currentPassword, newPassword }: ChangePasswordValues) =>
    change.mutateAsync({ currentPassword, newPassword });
  const { submit, error } = useFormSubmit(
    form,
    send,
    () => {
      form.resetFields();
      void message.success(t('password.changed'));
    },
    { wrongCredential: { field: 'currentPassword', message: t('password.wrongCurrent') } },
  );

  return (
    <Card title={t('password.title')} data-testid="change-password-card">
      <Typography.Paragraph type="secondary">{t('password.description')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        name="change-password"
        style={{ maxWidth: 420 }}
      >
        <ServerErrorAlert error={error} />
        {/* Password managers file the new password under the right account by this field. */}
        <input type="text" name="username" autoComplete="username" value={me.user.email} readOnly hidden />
        <Form.Item name="currentPassword" label={t('password.current')} rules={[rules.required('password')]}>
          <Input.Password autoComplete="current-password" data-testid="current-password" />
        </Form.Item>
        <NewPasswordItem label={t('password.new')} name="newPassword" testId="new-password" email={me.user.email} />
        <ConfirmPasswordItem label={t('password.confirm')} passwordField="newPassword" testId="confirm-password" />
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
