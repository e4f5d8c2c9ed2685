import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

const TOTP_PATTERN = /^\d{6}$/;
// Some apps show the code as "123 456"; people copy it with the space.
const digitsOnly = (value?: string) => value?.replace(/\D/g, '').slice(0, 6) ?? '';

/** The six digits the authenticator app shows now. */
export function MfaCodeItem({ testId }: { testId: string }) {
  const { t } = useTranslation('account');
  return (
    <Form.Item
      name="code"
      label={t('mfa.code')}
      normalize={digitsOnly}
      rules={[{ required: true, pattern: TOTP_PATTERN, message: t('mfa.codeInvalid') }]}
    >
      <Input
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        placeholder="000000"
        style={{ maxWidth: 200 }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
