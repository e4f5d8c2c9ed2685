import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

const TOTP_PATTERN = /^\d{6}$/;
// Some apps show the code as "123 456"; people copy it with the space.
const digitsOnly = (value?: string) => value?.replace(/\D/g, '').slice(0, 6) ?? '';

interface MfaCodeItemProps {
  testId: string;
  autoFocus?: boolean;
}

/** The six digits the authenticator app shows now, as the form's `code` field. */
export function MfaCodeItem({ testId, autoFocus }: MfaCodeItemProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="code"
      label={t('mfaCode.label')}
      normalize={digitsOnly}
      rules={[{ required: true, pattern: TOTP_PATTERN, message: t('mfaCode.invalid') }]}
    >
      <Input
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        placeholder="000000"
        data-testid={testId}
        autoFocus={autoFocus}
      />
    </Form.Item>
  );
}
