import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { LoginBody } from '@tabula/protocol';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useLogin } from '../api/login';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('auth');
  const rules = useRules();
  const [form] = Form.useForm<LoginBody>();
  const login = useLogin();
  const { submit, error } = useFormSubmit(form, login.mutateAsync, onSuccess);

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="login">
      <ServerErrorAlert error={error} />
      <Form.Item name="email" label={t('labels.email')} rules={[rules.required('email'), rules.email()]}>
        <Input prefix={<MailOutlined />} inputMode="email" autoComplete="email" data-testid="login-email" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('labels.password')} rules={[rules.required('password')]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
