import type { ExperimentMetrics } from '@tabula/protocol';
import { Form, Select, Skeleton, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { useMetricLibrary } from '../../api/get-metric-library';
import { PlanFields } from './plan-fields';
import type { StepProps } from './step-props';
import { WizardField, wizardFieldId } from './wizard-field';

const GROUPS = ['primary', 'secondary', 'guardrails'] as const satisfies readonly (keyof ExperimentMetrics)[];

interface MetricsFieldsProps extends Pick<StepProps, 'draft' | 'onChange' | 'problems'> {
  projectId: string;
  /** What only makes sense once the library has metrics to choose from, after the plan. */
  children?: ReactNode;
}

/**
 * The metrics chosen from the project's library, auto-stop and the plan: what an experiment and a template both
 * keep. Metrics are optional: an experiment can be saved and started without any.
 */
export function MetricsFields({ draft, onChange, problems, projectId, children }: MetricsFieldsProps) {
  const { t } = useTranslation('experiments');
  const library = useMetricLibrary(projectId);
  const chosen = GROUPS.flatMap((group) => draft.metrics[group]);

  if (library.isPending) return <Skeleton active />;
  const metrics = library.data ?? [];
  if (metrics.every((metric) => metric.archived) && chosen.length === 0) {
    return (
      <>
        <ServerErrorAlert error={library.error} />
        <EmptyState title={t('wizard.metrics.empty')} description={t('wizard.metrics.emptyDescription')} />
        <Form layout="vertical" component="div" style={{ maxWidth: 640 }}>
          <AutoStopField draft={draft} onChange={onChange} />
          <PlanFields draft={draft} onChange={onChange} />
        </Form>
      </>
    );
  }
  // An archived metric is offered only where it is already chosen; one since gone from the library shows by its key.
  const options = [
    ...metrics
      .filter((metric) => !metric.archived || chosen.includes(metric.key))
      .map((metric) => ({ value: metric.key, label: metric.name })),
    ...chosen.filter((key) => !metrics.some((metric) => metric.key === key)).map((key) => ({ value: key, label: key })),
  ];
  return (
    <Form layout="vertical" component="div" style={{ maxWidth: 640 }}>
      <ServerErrorAlert error={library.error} />
      <WizardField path="metrics" problems={problems}>
        {GROUPS.map((group) => (
          <Form.Item
            key={group}
            label={t(`metricGroups.${group}`)}
            htmlFor={wizardFieldId(`metrics.${group}`)}
            extra={t(`wizard.metrics.help.${group}`)}
          >
            <Select
              id={wizardFieldId(`metrics.${group}`)}
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={draft.metrics[group]}
              options={options}
              onChange={(keys: string[]) => onChange({ metrics: { ...draft.metrics, [group]: keys } })}
              data-testid={`wizard-metrics-${group}`}
            />
          </Form.Item>
        ))}
      </WizardField>
      <AutoStopField draft={draft} onChange={onChange} />
      <PlanFields draft={draft} onChange={onChange} />
      {children}
    </Form>
  );
}

/** Auto-stop acts on a sample ratio mismatch too, so it is offered even without metrics. */
function AutoStopField({ draft, onChange }: Pick<StepProps, 'draft' | 'onChange'>) {
  const { t } = useTranslation('experiments');
  return (
    <Form.Item label={t('wizard.metrics.autoStop')} htmlFor="wizard-auto-stop" extra={t('wizard.metrics.autoStopHelp')}>
      <Switch
        id="wizard-auto-stop"
        checked={draft.autoStop}
        onChange={(autoStop) => onChange({ autoStop })}
        data-testid="wizard-auto-stop"
      />
    </Form.Item>
  );
}
