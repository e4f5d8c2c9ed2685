import type { MfaChallenge, PasswordResetPreview } from '@tabula/protocol';
import { Alert, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPasswordItem } from '../../../components/password/confirm-password-item';
import { NewPasswordItem } from '../../../components/password/new-password-item';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useCompletePasswordReset } from '../api/complete-password-reset';
import { isMfaChallenge } from '../api/login';
import { AccountSubmitButton } from './account-form-parts';
import { LoginMfaForm } from './login-mfa-form';

interface ResetPasswordFormValues {
  password: string;
  confirmPassword: string;
}

interface ResetPasswordFormProps {
  token: string;
  reset: PasswordResetPreview;
  onSuccess: () => void;
  /** The password is set but the second factor is still to come, and its sign-in was given up. */
  onBack: () => void;
}

/** A new password, twice, for the account the link was made for; then its code, if it has a second factor. */
export function ResetPasswordForm({ token, reset, onSuccess, onBack }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ResetPasswordFormValues>();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const complete = useCompletePasswordReset(token);
  const send = ({ password }: ResetPasswordFormValues) => complete.mutateAsync({ password });
  const { submit, error } = useFormSubmit(form, send, (result) =>
    isMfaChallenge(result) ? setChallenge(result) : onSuccess(),
  );

  if (challenge) {
    return (
      <>
        <Alert type="success" showIcon title={t('reset.passwordSet')} style={{ marginBottom: 16 }} />
        <LoginMfaForm challenge={challenge} onSuccess={onSuccess} onBack={onBack} />
      </>
    );
  }
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="reset-password">
      <ServerErrorAlert error={error} />
      {/* Password managers file the new password under the right account by this field. */}
      <input type="text" name="username" autoComplete="username" value={reset.email} readOnly hidden />
      <NewPasswordItem label={t('labels.newPassword')} testId="reset-password" email={reset.email} />
      <ConfirmPasswordItem label={t('labels.confirmPassword')} testId="reset-confirm" passwordField="password" />
      <AccountSubmitButton loading={complete.isPending} testId="reset-submit">
        {t('reset.submit')}
      </AccountSubmitButton>
    </Form>
  );
}
