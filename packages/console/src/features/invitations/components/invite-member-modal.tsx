import type { CreatedInvitation, CreateInvitationBody } from '@tabula/protocol';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeLink } from '../../../components/one-time-link';
import { optionTestIds } from '../../../components/option-test-ids';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUser } from '../../../lib/auth';
import { assignableRoles } from '../../../lib/authorization';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useCreateInvitation } from '../api/create-invitation';

interface InviteFormValues {
  role: CreateInvitationBody['role'];
  email?: string;
}

/** Asks for a role (and optionally an address), then shows the link once: only its hash is stored. */
export function InviteMemberModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const rules = useRules();
  const me = useUser();
  const [form] = Form.useForm<InviteFormValues>();
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const create = useCreateInvitation();
  const send = ({ role, email }: InviteFormValues) => create.mutateAsync({ role, email: email?.trim() || undefined });
  const { submit, error, clearError } = useFormSubmit(form, send, setCreated);

  const reset = () => {
    setCreated(null);
    clearError();
  };

  return (
    <Modal
      open={open}
      title={created ? t('invitations.createdTitle') : t('invitations.inviteTitle')}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      footer={
        created ? (
          <Button type="primary" onClick={onClose} data-testid="invitation-done">
            {t('common:actions.done')}
          </Button>
        ) : undefined
      }
      okText={t('invitations.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'invite-submit' }}
    >
      {created ? (
        <OneTimeLink note={t('invitations.linkNote')} url={created.url} testId="invitation-link" />
      ) : (
        <Form
          form={form}
          layout="vertical"
          name="invite-member"
          onFinish={submit}
          initialValues={{ role: 'editor' }}
          style={{ marginTop: 16 }}
        >
          <ServerErrorAlert error={error} />
          <Form.Item name="role" label={t('invitations.role')} rules={[rules.choose('role')]}>
            <Select
              data-testid="invite-role"
              optionRender={optionTestIds('invite-role-option')}
              options={assignableRoles(me.role).map((role) => ({
                value: role,
                label: t(`common:roles.${role}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('invitations.email')}
            extra={t('invitations.emailHint')}
            rules={[rules.email()]}
          >
            <Input inputMode="email" data-testid="invite-email" placeholder={t('invitations.emailPlaceholder')} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
