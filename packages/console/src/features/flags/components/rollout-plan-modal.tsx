import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Flag, MAX_ROLLOUT_STEPS } from '@tabula/protocol';
import { Alert, App, Button, DatePicker, Flex, Form, InputNumber, Modal, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCreateRolloutPlan } from '../api/schedule-flag-change';
import {
  defaultRolloutSteps,
  defaultRolloutVariant,
  type RolloutStepDraft,
  rolloutRules,
  rolloutStepProblem,
  toRolloutPlanBody,
} from '../utils/rollout-plan';

interface RolloutPlanModalProps {
  projectId: string;
  flag: Flag;
  environment: { key: string; name: string };
  open: boolean;
  onClose: () => void;
}

interface Values {
  variant: string;
  /** Empty: a new rule for everyone. */
  ruleId: string;
  steps: RolloutStepDraft[];
}

const NEW_RULE = '';

/** Plans a gradual rollout: each step a scheduled change request, reviewed like any other. */
export function RolloutPlanModal({ projectId, flag, environment, open, onClose }: RolloutPlanModalProps) {
  const { t } = useTranslation('flags');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateRolloutPlan(projectId);
  const [problem, setProblem] = useState<string | null>(null);
  const rules = flag.environments[environment.key]?.rules ?? [];
  const ruleOptions = [
    { value: NEW_RULE, label: t('schedule.rollout.newRule') },
    ...rolloutRules(rules).map((rule) => ({
      value: rule.id,
      label: t('rules.title', { number: rules.indexOf(rule) + 1 }),
    })),
  ];

  const submit = async (values: Values) => {
    const found = rolloutStepProblem(values.steps, dayjs());
    setProblem(found && t(`schedule.rollout.problems.${found}`));
    if (found) return;
    const body = toRolloutPlanBody({
      flag: flag.key,
      environment: environment.key,
      variant: values.variant,
      ruleId: values.ruleId || undefined,
      steps: values.steps,
    });
    const planned = await create.mutateAsync(body).catch(() => null);
    if (!planned) return;
    message.success(t('schedule.rollout.planned', { count: planned.length, environment: environment.name }));
    onClose();
  };

  return (
    <Modal
      open={open}
      width={640}
      title={t('schedule.rollout.title', { key: flag.key, environment: environment.name })}
      okText={t('schedule.rollout.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'rollout-plan-submit' }}
      afterClose={() => {
        create.reset();
        setProblem(null);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('schedule.rollout.description')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="rollout-plan"
        onFinish={(values) => void submit(values)}
        initialValues={{ variant: defaultRolloutVariant(flag), ruleId: NEW_RULE, steps: defaultRolloutSteps(dayjs()) }}
      >
        <ServerErrorAlert error={create.error} />
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Flex gap={16} wrap>
          <Form.Item
            name="variant"
            label={t('schedule.rollout.variant')}
            rules={[{ required: true }]}
            style={{ flex: 1 }}
          >
            <Select
              options={flag.variants.map((variant) => ({ value: variant.key, label: variant.key }))}
              data-testid="rollout-plan-variant"
            />
          </Form.Item>
          <Form.Item name="ruleId" label={t('schedule.rollout.rule')} style={{ flex: 1 }}>
            <Select options={ruleOptions} data-testid="rollout-plan-rule" />
          </Form.Item>
        </Flex>
        <Typography.Text strong>{t('schedule.rollout.steps')}</Typography.Text>
        <Form.List name="steps">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginTop: 8 }}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="baseline" data-testid={`rollout-step-${index}`}>
                  <Form.Item name={[field.name, 'percentage']} rules={[{ required: true }]} style={{ marginBottom: 0 }}>
                    <InputNumber
                      min={0}
                      max={100}
                      suffix="%"
                      aria-label={t('schedule.rollout.percentage', { number: index + 1 })}
                      data-testid={`rollout-step-${index}-percentage`}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'at']} rules={[{ required: true }]} style={{ marginBottom: 0 }}>
                    <DatePicker
                      showTime={{ format: 'HH:mm' }}
                      format="YYYY-MM-DD HH:mm"
                      allowClear={false}
                      aria-label={t('schedule.rollout.at', { number: index + 1 })}
                      data-testid={`rollout-step-${index}-at`}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                    aria-label={t('schedule.rollout.removeStep', { number: index + 1 })}
                  />
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_ROLLOUT_STEPS}
                onClick={() => add({ percentage: 100, at: dayjs().add(3, 'day') })}
                data-testid="rollout-step-add"
              >
                {t('schedule.rollout.addStep')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
