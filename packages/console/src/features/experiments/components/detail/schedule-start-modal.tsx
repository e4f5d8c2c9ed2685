import { DatePicker, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../../components/server-error-alert';

interface ScheduleStartModalProps {
  open: boolean;
  pending: boolean;
  error: unknown;
  onSchedule: (at: Dayjs) => void;
  onClose: () => void;
}

/** Starts a draft at a chosen time, e.g. when a campaign goes live, rather than when someone is at their desk. */
export function ScheduleStartModal({ open, pending, error, onSchedule, onClose }: ScheduleStartModalProps) {
  const { t } = useTranslation('experiments');
  const [form] = Form.useForm<{ at: Dayjs }>();
  return (
    <Modal
      open={open}
      title={t('schedule.startTitle')}
      okText={t('schedule.submit')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ 'data-testid': 'schedule-start-submit' }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('schedule.description')}</Typography.Paragraph>
      <ServerErrorAlert error={error} />
      <Form
        form={form}
        layout="vertical"
        name="schedule-start"
        onFinish={({ at }) => onSchedule(at)}
        initialValues={{ at: dayjs().add(1, 'day').startOf('hour') }}
      >
        <Form.Item name="at" label={t('schedule.at')} rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="schedule-start-at" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
