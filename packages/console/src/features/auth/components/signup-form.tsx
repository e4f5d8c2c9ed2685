import type { SignupBody } from '@tabula/protocol';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordItem } from '../../../components/password/new-password-item';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useSignup } from '../api/signup';
import { AccountSubmitButton } from './account-form-parts';

export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('auth');
  const rules = useRules();
  const [form] = Form.useForm<SignupBody>();
  const signup = useSignup();
  const { submit, error } = useFormSubmit(form, signup.mutateAsync, onSuccess);

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="signup">
      <ServerErrorAlert error={error} />
      <Form.Item
        name="organizationName"
        label={t('labels.organizationName')}
        rules={[rules.required('organizationName'), rules.name('organizationName')]}
      >
        <Input autoComplete="organization" data-testid="signup-organization" autoFocus />
      </Form.Item>
      <Form.Item name="name" label={t('labels.name')} rules={[rules.required('name'), rules.name()]}>
        <Input autoComplete="name" data-testid="signup-name" />
      </Form.Item>
      <Form.Item name="email" label={t('labels.email')} rules={[rules.required('email'), rules.email()]}>
        <Input inputMode="email" autoComplete="email" data-testid="signup-email" />
      </Form.Item>
      <NewPasswordItem label={t('labels.password')} testId="signup-password" emailField="email" />
      <AccountSubmitButton loading={signup.isPending} testId="signup-submit">
        {t('signup.submit')}
      </AccountSubmitButton>
    </Form>
  );
}
