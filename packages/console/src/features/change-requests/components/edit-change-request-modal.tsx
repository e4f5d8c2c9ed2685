import type { ChangeRequest } from '@tabula/protocol';
import { DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useUpdateChangeRequest } from '../api/update-change-request';

interface EditChangeRequestModalProps {
  projectId: string;
  changeRequest: ChangeRequest;
  open: boolean;
  onClose: () => void;
}

interface Values {
  title: string;
  description: string;
  scheduledAt: Dayjs | null;
}

/** The author's words and schedule; the changes themselves are made where they belong (the flag, the experiment). */
export function EditChangeRequestModal({ projectId, changeRequest, open, onClose }: EditChangeRequestModalProps) {
  const { t } = useTranslation('changeRequests');
  const [form] = Form.useForm<Values>();
  const update = useUpdateChangeRequest(projectId, changeRequest.id);
  const { submit, error, clearError } = useFormSubmit(
    form,
    ({ title, description, scheduledAt }: Values) =>
      update.mutateAsync({ title, description, scheduledAt: scheduledAt ? scheduledAt.format() : null }),
    onClose,
  );
  const reviewed = changeRequest.approvals.length > 0;

  return (
    <Modal
      open={open}
      title={t('edit.title', { number: changeRequest.number })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ 'data-testid': 'edit-change-request-submit' }}
      afterClose={clearError}
      destroyOnHidden
    >
      {reviewed && <Typography.Paragraph type="warning">{t('edit.backToReview')}</Typography.Paragraph>}
      <Form
        form={form}
        layout="vertical"
        name="edit-change-request"
        onFinish={submit}
        initialValues={{
          title: changeRequest.title,
          description: changeRequest.description,
          scheduledAt: changeRequest.scheduledAt ? dayjs(changeRequest.scheduledAt) : null,
        }}
      >
        <ServerErrorAlert error={error} />
        <Form.Item name="title" label={t('edit.titleLabel')}>
          <Input maxLength={200} data-testid="edit-change-request-title" />
        </Form.Item>
        <Form.Item name="description" label={t('edit.description')}>
          <Input.TextArea rows={3} data-testid="edit-change-request-description" />
        </Form.Item>
        <Form.Item name="scheduledAt" label={t('edit.scheduledAt')} extra={t('edit.scheduledAtHelp')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="edit-change-request-at" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
