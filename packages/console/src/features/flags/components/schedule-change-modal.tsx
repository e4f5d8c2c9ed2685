import type { FlagEnvironmentBody } from '@tabula/protocol';
import { App, Checkbox, DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useScheduleFlagChange } from '../api/schedule-flag-change';
import type { RulesDraft } from '../hooks/use-rules-draft';
import { toRuleInputs } from '../utils/rules-draft';

interface ScheduleChangeModalProps {
  projectId: string;
  flagKey: string;
  environment: { key: string; name: string };
  /** The switch as it is now: the scheduled change flips it. */
  enabled: boolean;
  draft: RulesDraft;
  open: boolean;
  onClose: () => void;
}

type Part = 'switch' | 'rules';

interface Values {
  parts: Part[];
  at: Dayjs;
  title: string;
}

/** The switch flipped, or the rules as edited here, made at a chosen time instead of now. */
export function ScheduleChangeModal(props: ScheduleChangeModalProps) {
  const { projectId, flagKey, environment, enabled, draft, open, onClose } = props;
  const { t } = useTranslation('flags');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const schedule = useScheduleFlagChange(projectId);

  const submit = async ({ parts, at, title }: Values) => {
    const change: FlagEnvironmentBody = {
      ...(parts.includes('switch') ? { enabled: !enabled } : {}),
      ...(parts.includes('rules') ? { rules: toRuleInputs(draft.rules) } : {}),
    };
    const made = await schedule
      .mutateAsync({ flagKey, environment: environment.key, change, scheduledAt: at.format(), title })
      .catch(() => null);
    if (!made) return;
    // The edit now waits in the change request; keeping it here too would invite saving it twice.
    if (parts.includes('rules')) draft.discard();
    message.success(t('schedule.scheduled', { number: made.number, time: at.format('LLL') }));
    onClose();
  };

  const partOptions = [
    { value: 'switch', label: t(enabled ? 'schedule.turnOff' : 'schedule.turnOn') },
    { value: 'rules', label: t('schedule.rules'), disabled: !draft.dirty },
  ];

  return (
    <Modal
      open={open}
      title={t('schedule.title', { key: flagKey, environment: environment.name })}
      okText={t('schedule.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={schedule.isPending}
      okButtonProps={{ 'data-testid': 'schedule-submit' }}
      afterClose={() => schedule.reset()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('schedule.description')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="schedule-change"
        onFinish={(values) => void submit(values)}
        initialValues={{
          parts: draft.dirty ? ['rules'] : ['switch'],
          at: dayjs().add(1, 'hour').startOf('hour'),
          title: '',
        }}
      >
        <ServerErrorAlert error={schedule.error} />
        <Form.Item
          name="parts"
          label={t('schedule.what')}
          rules={[{ required: true, type: 'array', min: 1, message: t('schedule.whatRequired') }]}
        >
          <Checkbox.Group options={partOptions} data-testid="schedule-parts" />
        </Form.Item>
        <Form.Item
          name="at"
          label={t('schedule.at')}
          rules={[
            { required: true },
            {
              validator: (_, value: Dayjs | undefined) =>
                !value || value.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('schedule.past'))),
            },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="schedule-at" />
        </Form.Item>
        <Form.Item name="title" label={t('schedule.titleLabel')}>
          <Input maxLength={200} placeholder={t('schedule.titlePlaceholder')} data-testid="schedule-title" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
