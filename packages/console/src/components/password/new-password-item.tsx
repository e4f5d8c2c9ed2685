import { MIN_PASSWORD_LENGTH } from '@tabula/protocol';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPasswordEstimator, personalInputs } from '../../lib/password-strength';
import { useRules } from '../../lib/validation';
import { PasswordStrengthMeter } from './password-strength-meter';

interface NewPasswordItemProps {
  label: string;
  testId: string;
  /** The field's name in its form. */
  name?: string;
  /** The account's address, when the form does not ask for it (changing or resetting a password). */
  email?: string;
  /** The form's field holding the address, when it does (signing up, accepting an invitation). */
  emailField?: string;
}

/** A password someone chooses: its rules, a hint, and a strength meter while it is typed. */
export function NewPasswordItem({ label, testId, name = 'password', email, emailField }: NewPasswordItemProps) {
  const { t } = useTranslation();
  const rules = useRules();
  const form = Form.useFormInstance();
  const password = Form.useWatch<string | undefined>(name, form);
  const typedEmail = Form.useWatch(
    (values: Record<string, unknown> | undefined) => (emailField ? values?.[emailField] : undefined),
    form,
  );
  const accountEmail = email ?? (typeof typedEmail === 'string' ? typedEmail : undefined);
  const emailNow = () => email ?? (emailField ? form.getFieldValue(emailField) : undefined);

  // The estimator starts loading with the form, so it is usually there by the first keystroke.
  useEffect(() => {
    loadPasswordEstimator().catch(() => undefined);
  }, []);

  return (
    <Form.Item
      name={name}
      label={label}
      validateFirst
      dependencies={emailField ? [emailField] : undefined}
      rules={[rules.required('password'), ...rules.newPassword(emailNow)]}
      extra={
        <>
          {t('passwordStrength.hint', { min: MIN_PASSWORD_LENGTH })}
          <PasswordStrengthMeter password={password} userInputs={personalInputs(accountEmail)} />
        </>
      }
    >
      <Input.Password autoComplete="new-password" data-testid={testId} />
    </Form.Item>
  );
}
