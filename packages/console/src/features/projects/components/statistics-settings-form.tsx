import {
  MULTIPLE_TESTING_CORRECTIONS,
  type Project,
  STATISTICS_METHODS,
  type StatisticsSettings,
} from '@tabula/protocol';
import { App, Button, Card, Flex, Form, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useUpdateProject } from '../api/update-project';

/** A choice with what it means under it. */
const explained = (label: string, help: string) => (
  <Flex vertical>
    <span>{label}</span>
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {help}
    </Typography.Text>
  </Flex>
);

/**
 * How the project's experiment results are analysed: method, significance level, the Bayesian decision threshold and
 * the multiple-testing correction.
 */
export function StatisticsSettingsForm({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const canWrite = useCan('project:write');
  const [form] = Form.useForm<StatisticsSettings>();
  const update = useUpdateProject(project.id);
  const { submit, error } = useFormSubmit(
    form,
    (statistics: StatisticsSettings) => update.mutateAsync({ statistics }),
    () => void message.success(t('statistics.saved')),
  );
  const alpha: number | null | undefined = Form.useWatch('alpha', form);
  const validAlpha = typeof alpha === 'number' && alpha > 0 && alpha < 0.5;
  const threshold: number | null | undefined = Form.useWatch('decisionThreshold', form);
  const validThreshold = typeof threshold === 'number' && threshold > 0.5 && threshold < 1;
  const percent = (share: number) => Number((share * 100).toFixed(2));

  return (
    <Card title={t('statistics.title')}>
      <Typography.Paragraph type="secondary">{t('statistics.description')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="project-statistics"
        onFinish={submit}
        disabled={!canWrite}
        initialValues={project.statistics}
        style={{ maxWidth: 640 }}
      >
        <ServerErrorAlert error={error} />
        <Form.Item name="method" label={t('statistics.method')}>
          <Radio.Group aria-label={t('statistics.method')} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {STATISTICS_METHODS.map((method) => (
              <Radio key={method} value={method} data-testid={`statistics-method-${method}`}>
                {explained(t(`statistics.methods.${method}`), t(`statistics.methodHelp.${method}`))}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="alpha"
          label={t('statistics.alpha')}
          extra={validAlpha ? t('statistics.alphaHelp', { level: percent(1 - alpha) }) : undefined}
          rules={[
            {
              validator: (_, value?: number | null) =>
                typeof value === 'number' && value > 0 && value < 0.5
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('statistics.alphaInvalid'))),
            },
          ]}
        >
          <InputNumber step={0.01} style={{ width: 200 }} data-testid="statistics-alpha" />
        </Form.Item>
        <Form.Item
          name="decisionThreshold"
          label={t('statistics.decisionThreshold')}
          extra={
            validThreshold
              ? t('statistics.decisionThresholdHelp', {
                  threshold: percent(threshold),
                  level: percent(2 * threshold - 1),
                })
              : undefined
          }
          rules={[
            {
              validator: (_, value?: number | null) =>
                typeof value === 'number' && value > 0.5 && value < 1
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('statistics.decisionThresholdInvalid'))),
            },
          ]}
        >
          <InputNumber step={0.01} style={{ width: 200 }} data-testid="statistics-decision-threshold" />
        </Form.Item>
        <Form.Item name="correction" label={t('statistics.correction')}>
          <Radio.Group
            aria-label={t('statistics.correction')}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          >
            {MULTIPLE_TESTING_CORRECTIONS.map((correction) => (
              <Radio key={correction} value={correction} data-testid={`statistics-correction-${correction}`}>
                {explained(t(`statistics.corrections.${correction}`), t(`statistics.correctionHelp.${correction}`))}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {canWrite && (
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="statistics-save">
            {t('common:actions.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
