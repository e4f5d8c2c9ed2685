import { EXPERIMENT_DECISIONS, type Experiment, type StopExperimentBody } from '@tabula/protocol';
import { Alert, Checkbox, DatePicker, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { optionTestIds } from '../../../../components/option-test-ids';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import type { StopAdvice } from '../../results/hooks/use-stop-advice';

interface StopExperimentModalProps {
  experiment: Experiment;
  open: boolean;
  stopping: boolean;
  error: unknown;
  /** `at` set: the stop is scheduled for then rather than made now. */
  onStop: (body: StopExperimentBody, at: Dayjs | null) => void;
  onClose: () => void;
  /** What the results say; null while there are none. */
  advice?: StopAdvice | null;
}

type StopValues = Required<Pick<StopExperimentBody, 'outcome' | 'note' | 'rollOut'>> & {
  version?: string;
  at?: Dayjs | null;
};

/** Stopping records what was decided, and can roll the decided value out to the flags that serve the experiment. */
export function StopExperimentModal({
  experiment,
  open,
  stopping,
  error,
  onStop,
  onClose,
  advice = null,
}: StopExperimentModalProps) {
  const { t } = useTranslation('experiments');
  const [form] = Form.useForm<StopValues>();
  const outcome = Form.useWatch('outcome', form);
  const later = Form.useWatch('at', form);
  const leading = advice?.trusted ? advice.leading : null;

  // A clear winner is the likely decision; the results may arrive after the dialog opened, and never over a choice.
  useEffect(() => {
    if (open && leading && !form.isFieldsTouched(['outcome', 'version'])) {
      form.setFieldsValue({ outcome: 'ship', version: leading });
    }
  }, [open, leading, form]);

  const submit = ({ outcome: decided, version, note, rollOut, at }: StopValues) =>
    onStop(
      {
        outcome: decided,
        ...(decided === 'ship' ? { version } : {}),
        note: note.trim(),
        rollOut: decided !== 'inconclusive' && rollOut,
      },
      at ?? null,
    );

  return (
    <Modal
      open={open}
      title={t('stop.title', { name: experiment.name })}
      okText={later ? t('schedule.stop') : t('actions.stop')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'stop-submit' }}
      confirmLoading={stopping}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('stop.description')}</Typography.Paragraph>
      {advice && !advice.trusted && (
        <Alert
          type="warning"
          showIcon
          data-testid="stop-untrusted"
          style={{ marginBottom: 16 }}
          title={t('stop.untrusted.title')}
          description={t('stop.untrusted.description')}
        />
      )}
      <ServerErrorAlert error={error} />
      <Form
        form={form}
        layout="vertical"
        name="stop-experiment"
        onFinish={submit}
        initialValues={{ note: '', rollOut: false }}
      >
        <Form.Item
          name="outcome"
          label={t('labels.decision')}
          rules={[{ required: true, message: t('common:validation.choose', { s: t('fields.decision') }) }]}
        >
          <Radio.Group data-testid="stop-outcome">
            <Space orientation="vertical">
              {EXPERIMENT_DECISIONS.map((decision) => (
                <Radio key={decision} value={decision} data-testid={`stop-outcome-${decision}`}>
                  <Typography.Text strong>{t(`decisions.${decision}`)}</Typography.Text>
                  <Typography.Text type="secondary"> — {t(`stop.help.${decision}`)}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {outcome === 'ship' && (
          <Form.Item
            name="version"
            label={t('labels.shippedVersion')}
            rules={[{ required: true, message: t('validation.chooseGroup') }]}
          >
            <Select
              data-testid="stop-version"
              placeholder={t('stop.versionPlaceholder')}
              optionRender={optionTestIds('stop-version-option')}
              options={experiment.versions.map((version) => ({
                value: version.key,
                label: version.isControl ? `${version.name} (${t('versions.control')})` : version.name,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('labels.note')}>
          <Input.TextArea
            rows={3}
            maxLength={1000}
            showCount
            data-testid="stop-note"
            placeholder={t('stop.notePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="rollOut" valuePropName="checked" extra={t('stop.rollOutHelp')}>
          <Checkbox disabled={outcome === 'inconclusive'} data-testid="stop-roll-out">
            {t('stop.rollOut')}
          </Checkbox>
        </Form.Item>
        <Form.Item name="at" label={t('schedule.stopAt')} extra={t('schedule.stopAtHelp')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="stop-at" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
