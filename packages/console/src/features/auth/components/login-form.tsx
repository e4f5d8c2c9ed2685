import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { LoginBody, MfaChallenge } from '@tabula/protocol';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { isMfaChallenge, type LoginResult, useLogin } from '../api/login';
import { useRetryCountdown } from '../hooks/use-retry-countdown';
import { AccountSubmitButton } from './account-form-parts';
import { LoginMfaForm } from './login-mfa-form';
import { SignInErrorAlert } from './sign-in-error-alert';

/** Email and password; for an account with a second factor, its code next. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [email, setEmail] = useState<string>();

  if (challenge) {
    return <LoginMfaForm challenge={challenge} onSuccess={onSuccess} onBack={() => setChallenge(null)} />;
  }
  return (
    <PasswordStep
      initialEmail={email}
      onResult={(result, values) => {
        setEmail(values.email);
        if (isMfaChallenge(result)) setChallenge(result);
        else onSuccess();
      }}
    />
  );
}

interface PasswordStepProps {
  initialEmail: string | undefined;
  onResult: (result: LoginResult, values: LoginBody) => void;
}

function PasswordStep({ initialEmail, onResult }: PasswordStepProps) {
  const { t } = useTranslation('auth');
  const rules = useRules();
  const [form] = Form.useForm<LoginBody>();
  const login = useLogin();
  const { submit, error } = useFormSubmit(form, login.mutateAsync, onResult);
  const secondsLeft = useRetryCountdown(error);

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      name="login"
      initialValues={{ email: initialEmail }}
    >
      <SignInErrorAlert error={error} secondsLeft={secondsLeft} refusedMessage={t('login.wrongCredentials')} />
      <Form.Item name="email" label={t('labels.email')} rules={[rules.required('email'), rules.email()]}>
        <Input prefix={<MailOutlined />} inputMode="email" autoComplete="email" data-testid="login-email" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('labels.password')} rules={[rules.required('password')]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <AccountSubmitButton loading={login.isPending} disabled={secondsLeft > 0} testId="login-submit">
        {t('login.submit')}
      </AccountSubmitButton>
    </Form>
  );
}
