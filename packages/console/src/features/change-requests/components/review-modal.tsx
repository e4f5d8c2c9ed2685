import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';

interface ReviewModalProps {
  verdict: 'approve' | 'reject' | null;
  pending: boolean;
  error: unknown;
  onSubmit: (comment: string) => void;
  onClose: () => void;
}

/** An approval may say something; a rejection must say why, so the author knows what to change. */
export function ReviewModal({ verdict, pending, error, onSubmit, onClose }: ReviewModalProps) {
  const { t } = useTranslation('changeRequests');
  const [form] = Form.useForm<{ comment: string }>();
  const shown = verdict ?? 'approve';
  return (
    <Modal
      open={verdict !== null}
      title={t(`review.${shown}Title`)}
      okText={t(`actions.${shown}`)}
      okButtonProps={{ danger: shown === 'reject', 'data-testid': 'review-submit' }}
      cancelText={t('common:actions.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <ServerErrorAlert error={error} />
      <Form form={form} name="review" layout="vertical" onFinish={({ comment }) => onSubmit((comment ?? '').trim())}>
        <Form.Item
          name="comment"
          label={t(shown === 'reject' ? 'review.reason' : 'review.comment')}
          rules={shown === 'reject' ? [{ required: true, whitespace: true, message: t('review.reasonRequired') }] : []}
        >
          <Input.TextArea rows={3} maxLength={5000} data-testid="review-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
