import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRules } from '../../../lib/validation';

/** The password a new account chooses (sign-up, accepting an invitation), with the rule it must meet. */
export function NewPasswordItem({ testId }: { testId: string }) {
  const { t } = useTranslation('auth');
  const rules = useRules();
  return (
    <Form.Item
      name="password"
      label={t('labels.password')}
      extra={t('passwordHint')}
      rules={[rules.required('password'), rules.password()]}
    >
      <Input.Password autoComplete="new-password" data-testid={testId} />
    </Form.Item>
  );
}

export function AccountSubmitButton({
  loading,
  testId,
  children,
}: {
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button type="primary" htmlType="submit" block size="large" loading={loading} data-testid={testId}>
      {children}
    </Button>
  );
}
