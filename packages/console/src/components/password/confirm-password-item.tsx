import { Form, Input } from 'antd';
import { useRules } from '../../lib/validation';

interface ConfirmPasswordItemProps {
  label: string;
  testId: string;
  /** The field holding the new password this one must repeat. */
  passwordField: string;
  name?: string;
}

/** The new password typed a second time, so a typo does not lock anyone out. */
export function ConfirmPasswordItem({
  label,
  testId,
  passwordField,
  name = 'confirmPassword',
}: ConfirmPasswordItemProps) {
  const rules = useRules();
  const form = Form.useFormInstance();
  return (
    <Form.Item
      name={name}
      label={label}
      dependencies={[passwordField]}
      rules={[rules.required('password'), rules.samePassword(() => form.getFieldValue(passwordField))]}
    >
      <Input.Password autoComplete="new-password" data-testid={testId} />
    </Form.Item>
  );
}
