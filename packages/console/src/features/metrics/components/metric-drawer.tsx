import type { Metric } from '@tabula/protocol';
import { App, Button, Divider, Drawer, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCreateMetric } from '../api/create-metric';
import { useUpdateMetric } from '../api/update-metric';
import { applyServerIssues } from '../utils/apply-server-issues';
import { type MetricFormValues, newMetricValues, toDefinition, toFormValues } from '../utils/form-values';
import { AnalysisFields } from './form/analysis-fields';
import { BasicsFields } from './form/basics-fields';
import { MeasureFields } from './form/measure-fields';
import { MetricUsageList } from './metric-usage-list';

interface MetricDrawerProps {
  projectId: string;
  /** The metric to show or edit; none to create one. */
  metric: Metric | null;
  open: boolean;
  /** Viewers see the definition without being able to change it. */
  readOnly: boolean;
  onClose: () => void;
  experimentHref: (key: string) => string;
}

const Section = ({ title }: { title: string }) => (
  <Divider titlePlacement="start" style={{ marginTop: 8 }}>
    <Typography.Text strong>{title}</Typography.Text>
  </Divider>
);

/** Creates, edits or shows a metric; the form asks only for what the chosen type and sources need. */
export function MetricDrawer({ projectId, metric, open, readOnly, onClose, experimentHref }: MetricDrawerProps) {
  const { t } = useTranslation('metrics');
  const { message } = App.useApp();
  const [form] = Form.useForm<MetricFormValues>();
  const create = useCreateMetric(projectId);
  const update = useUpdateMetric(projectId);
  const [error, setError] = useState<unknown>(null);

  const save = async () => {
    setError(null);
    // The whole store, fields of other kinds and types included: the definition keeps only what applies.
    const values = form.getFieldsValue(true) as MetricFormValues;
    const body = toDefinition(values);
    try {
      const saved = metric
        ? await update.mutateAsync({ metricKey: metric.key, body })
        : await create.mutateAsync({ key: values.key, ...body });
      void message.success(t(metric ? 'form.saved' : 'form.created', { key: saved.key }));
      onClose();
    } catch (caught) {
      if (!applyServerIssues(form, caught, t)) setError(caught);
    }
  };

  const title = metric ? t(readOnly ? 'form.viewTitle' : 'form.editTitle', { key: metric.key }) : t('form.createTitle');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={720}
      destroyOnHidden
      afterOpenChange={(visible) => !visible && setError(null)}
      data-testid="metric-drawer"
      footer={
        !readOnly && (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button
              type="primary"
              onClick={() => form.submit()}
              loading={create.isPending || update.isPending}
              data-testid="metric-submit"
            >
              {metric ? t('common:actions.save') : t('common:actions.create')}
            </Button>
          </Flex>
        )
      }
    >
      <Form
        form={form}
        layout="vertical"
        name="metric"
        disabled={readOnly}
        onFinish={save}
        initialValues={metric ? toFormValues(metric) : newMetricValues()}
      >
        <ServerErrorAlert error={error} />
        <Section title={t('form.sections.basics')} />
        <BasicsFields creating={!metric} />
        <Section title={t('form.sections.measure')} />
        <MeasureFields />
        <Section title={t('form.sections.analysis')} />
        <AnalysisFields />
      </Form>
      {metric && (
        <>
          <Section title={t('form.sections.usage')} />
          {metric.experiments.length > 0 ? (
            <MetricUsageList usage={metric.experiments} experimentHref={experimentHref} />
          ) : (
            <Typography.Text type="secondary">{t('form.unused')}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
