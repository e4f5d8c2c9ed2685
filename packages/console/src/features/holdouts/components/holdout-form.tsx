import type { Holdout } from '@tabula/protocol';
import { Button, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRules } from '../../../lib/validation';
import { useCreateHoldout, useUpdateHoldout } from '../api/save-holdout';

/** The percentage is shown in %, kept in basis points of 10000. */
interface HoldoutValues {
  key: string;
  name: string;
  percent: number;
  metrics: string[];
  experiments: boolean;
  flags: string[];
}

export interface HoldoutFormProps {
  projectId: string;
  /** The running holdout to edit; absent to start one. */
  holdout?: Holdout;
  /** Keys of the project's metrics and flags, to choose from. */
  metricKeys: string[];
  flagKeys: string[];
  onSaved?: () => void;
}

const options = (keys: string[]) => keys.map((key) => ({ value: key, label: key }));

export function HoldoutForm({ projectId, holdout, metricKeys, flagKeys, onSaved }: HoldoutFormProps) {
  const { t } = useTranslation('projects');
  const rules = useRules();
  const [form] = Form.useForm<HoldoutValues>();
  const create = useCreateHoldout(projectId);
  const update = useUpdateHoldout(projectId, holdout?.key ?? '');
  const save = ({ key, name, percent, metrics, experiments, flags }: HoldoutValues) =>
    holdout
      ? update.mutateAsync({ name, metrics, experiments, flags })
      : create.mutateAsync({
          key,
          name,
          description: '',
          metrics,
          experiments,
          flags,
          percent: Math.round(percent * 100),
        });
  const { submit, error } = useFormSubmit(form, save, () => onSaved?.());

  return (
    <Form
      form={form}
      layout="vertical"
      name="holdout"
      onFinish={submit}
      initialValues={
        holdout
          ? { ...holdout, percent: holdout.percent / 100 }
          : { key: '', name: '', percent: 5, metrics: [], experiments: true, flags: [] }
      }
    >
      <ServerErrorAlert error={error} />
      <Form.Item name="name" label={t('holdout.fields.name')} rules={[rules.required('name'), rules.name()]}>
        <Input data-testid="holdout-name" />
      </Form.Item>
      <Form.Item
        name="key"
        label={t('holdout.fields.key')}
        extra={t('holdout.keyHelp')}
        rules={[rules.required('key'), rules.key()]}
      >
        <Input data-testid="holdout-key" disabled={!!holdout} />
      </Form.Item>
      <Form.Item name="percent" label={t('holdout.fields.percent')} extra={t('holdout.percentHelp')}>
        <InputNumber
          data-testid="holdout-percent"
          min={0.01}
          max={50}
          step={0.01}
          addonAfter="%"
          disabled={!!holdout}
        />
      </Form.Item>
      <Form.Item name="metrics" label={t('holdout.fields.metrics')}>
        <Select data-testid="holdout-metrics" mode="multiple" options={options(metricKeys)} />
      </Form.Item>
      <Form.Item
        name="experiments"
        label={t('holdout.fields.experiments')}
        extra={t('holdout.experimentsHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="holdout-experiments" />
      </Form.Item>
      <Form.Item name="flags" label={t('holdout.fields.flags')} extra={t('holdout.flagsHelp')}>
        <Select data-testid="holdout-flags" mode="multiple" options={options(flagKeys)} />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={create.isPending || update.isPending}
        data-testid="holdout-save"
      >
        {holdout ? t('common:actions.save') : t('holdout.start')}
      </Button>
    </Form>
  );
}
