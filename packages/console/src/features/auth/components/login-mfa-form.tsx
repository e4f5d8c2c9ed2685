import type { MfaChallenge } from '@tabula/protocol';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaCodeItem } from '../../../components/mfa-code-item';
import { isApiError } from '../../../lib/api-client';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useLoginMfa } from '../api/login-mfa';
import { useRetryCountdown } from '../hooks/use-retry-countdown';
import { AccountSubmitButton } from './account-form-parts';
import { SignInErrorAlert } from './sign-in-error-alert';

interface LoginMfaFormProps {
  challenge: MfaChallenge;
  onSuccess: () => void;
  onBack: () => void;
}

/** Sign-in, second step: the code of the authenticator app, or one of the recovery codes. */
export function LoginMfaForm({ challenge, onSuccess, onBack }: LoginMfaFormProps) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<{ code: string }>();
  const [recovery, setRecovery] = useState(false);
  const loginMfa = useLoginMfa();
  const send = ({ code }: { code: string }) =>
    loginMfa.mutateAsync({ challenge: challenge.challenge, code: code.trim() });
  const { submit, error, clearError } = useFormSubmit(form, send, onSuccess);
  const secondsLeft = useRetryCountdown(error);
  // A 401 here is a wrong code, or a challenge that has run out: the password must then be given again.
  const refused = isApiError(error) && error.status === 401;
  const expired = refused && Date.parse(challenge.expiresAt) <= Date.now();

  const switchKind = () => {
    setRecovery((current) => !current);
    form.resetFields();
    clearError();
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="login-mfa">
      <Typography.Paragraph type="secondary" data-testid="login-mfa-step">
        {recovery ? t('mfa.recoveryDescription') : t('mfa.description')}
      </Typography.Paragraph>
      {refused ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="server-error"
          title={expired ? t('mfa.expired') : t('mfa.wrongCode')}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <SignInErrorAlert error={error} secondsLeft={secondsLeft} />
      )}
      {recovery ? (
        <Form.Item
          key="recovery"
          name="code"
          label={t('mfa.recoveryCode')}
          rules={[{ required: true, whitespace: true, max: 32, message: t('mfa.recoveryCodeInvalid') }]}
        >
          <Input autoComplete="off" autoCapitalize="none" spellCheck={false} data-testid="login-mfa-code" autoFocus />
        </Form.Item>
      ) : (
        <MfaCodeItem key="app" testId="login-mfa-code" autoFocus />
      )}
      <AccountSubmitButton loading={loginMfa.isPending} disabled={secondsLeft > 0} testId="login-mfa-submit">
        {t('mfa.submit')}
      </AccountSubmitButton>
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 12 }}>
        <Button type="link" onClick={switchKind} style={{ paddingInline: 0 }} data-testid="login-mfa-switch">
          {recovery ? t('mfa.useApp') : t('mfa.useRecovery')}
        </Button>
        <Button type="link" onClick={onBack} style={{ paddingInline: 0 }} data-testid="login-mfa-back">
          {t('mfa.back')}
        </Button>
      </Flex>
    </Form>
  );
}
