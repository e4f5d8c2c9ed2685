import type { AcceptInvitationBody, InvitationPreview } from '@tabula/protocol';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordItem } from '../../../components/password/new-password-item';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useAcceptInvitation } from '../api/accept-invitation';
import { AccountSubmitButton } from './account-form-parts';

interface AcceptInvitationFormProps {
  token: string;
  invitation: InvitationPreview;
  onSuccess: () => void;
}

export function AcceptInvitationForm({ token, invitation, onSuccess }: AcceptInvitationFormProps) {
  const { t } = useTranslation('auth');
  const rules = useRules();
  const [form] = Form.useForm<AcceptInvitationBody>();
  const accept = useAcceptInvitation(token);
  const { submit, error } = useFormSubmit(form, accept.mutateAsync, onSuccess);
  // An invitation addressed to someone is accepted with that address.
  const fixedEmail = invitation.email ?? undefined;

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      name="accept-invitation"
      initialValues={{ email: fixedEmail }}
    >
      <ServerErrorAlert error={error} />
      <Form.Item name="email" label={t('labels.email')} rules={[rules.required('email'), rules.email()]}>
        <Input
          inputMode="email"
          autoComplete="email"
          disabled={Boolean(fixedEmail)}
          data-testid="invite-accept-email"
        />
      </Form.Item>
      <Form.Item name="name" label={t('labels.name')} rules={[rules.required('name'), rules.name()]}>
        <Input autoComplete="name" data-testid="invite-accept-name" autoFocus />
      </Form.Item>
      <NewPasswordItem label={t('labels.password')} testId="invite-accept-password" emailField="email" />
      <AccountSubmitButton loading={accept.isPending} testId="invite-accept-submit">
        {t('invite.submit')}
      </AccountSubmitButton>
    </Form>
  );
}
