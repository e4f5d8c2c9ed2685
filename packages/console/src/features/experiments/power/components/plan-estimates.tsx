import { Button, Card, Drawer, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMetricLibrary } from '../../api/get-metric-library';
import { type Audience, useMetricBaseline } from '../api/get-metric-baseline';
import { planExperiment } from '../utils/power';
import { PowerCalculator } from './power-calculator';

const ALPHA = 0.05;

interface PlanEstimatesProps {
  projectId: string;
  /** The primary metrics: each gets its estimate. */
  primary: string[];
  /** Every metric chosen, for the calculator. */
  metricKeys: string[];
  versions: number;
  audience: Audience;
  /** The share of the audience that enters (traffic, and the layer's share), 0–1. */
  entering: number;
}

interface Goal {
  /** Percent of the baseline. */
  mde: number;
  /** Percent. */
  power: number;
}

function EstimateDays({
  projectId,
  metric,
  audience,
  versions,
  entering,
  goal,
}: {
  projectId: string;
  metric: string;
  audience: Audience;
  versions: number;
  entering: number;
  goal: Goal;
}) {
  const { t, i18n } = useTranslation('results');
  const history = useMetricBaseline(projectId, metric, audience);
  const found = history.data;
  if (history.isPending) return <Typography.Text type="secondary">…</Typography.Text>;
  if (!found || found.units < 2 || (found.rate === null && found.mean === null)) {
    return <Typography.Text type="secondary">{t('power.plan.noHistory')}</Typography.Text>;
  }
  const plan = planExperiment({
    baseline:
      found.rate !== null
        ? { kind: 'rate', rate: found.rate }
        : { kind: 'mean', mean: found.mean ?? Number.NaN, standardDeviation: found.standardDeviation ?? Number.NaN },
    mde: goal.mde / 100,
    unitsPerDay: found.unitsPerDay * entering,
    alpha: ALPHA,
    power: goal.power / 100,
    versions,
  });
  if (!plan.ok) return <Typography.Text type="secondary">{t(`power.problems.${plan.problem}`)}</Typography.Text>;
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  return (
    <span data-testid={`plan-days-${metric}`}>
      {t('power.plan.days', { count: plan.days, days: count(plan.days), units: count(plan.total) })}
    </span>
  );
}

/**
 * The wizard's plan: for each primary metric, the days the experiment needs to detect the chosen effect with the
 * chosen power, from the metric's last two weeks among the audience and the share of it that will enter. The power
 * calculator opens beside it, filled in the same way.
 */
export function PlanEstimates(props: PlanEstimatesProps) {
  const { t } = useTranslation('results');
  const [goal, setGoal] = useState<Goal>({ mde: 5, power: 80 });
  const [open, setOpen] = useState(false);
  const library = useMetricLibrary(props.projectId);
  const nameOf = (key: string) => library.data?.find((metric) => metric.key === key)?.name ?? key;
  const field = (name: keyof Goal, min: number, max: number) => (
    <Space size={4}>
      <span id={`plan-${name}`}>{t(`power.fields.${name}`)}</span>
      <InputNumber<number>
        aria-labelledby={`plan-${name}`}
        data-testid={`plan-${name}`}
        min={min}
        max={max}
        suffix="%"
        value={goal[name]}
        onChange={(value) => value !== null && setGoal({ ...goal, [name]: value })}
      />
    </Space>
  );
  return (
    <Card
      size="small"
      title={t('power.plan.title')}
      data-testid="plan-estimates"
      extra={
        <Button size="small" onClick={() => setOpen(true)} data-testid="open-power-calculator">
          {t('power.open')}
        </Button>
      }
    >
      <Space wrap style={{ display: 'flex', marginBottom: 12 }}>
        {field('mde', 0.1, 1000)}
        {field('power', 1, 99)}
      </Space>
      {props.primary.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('power.plan.noPrimary')}</Typography.Paragraph>
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey={(key) => key}
          dataSource={props.primary}
          columns={[
            { title: t('power.fields.metric'), render: (_, key) => nameOf(key) },
            {
              title: t('power.days'),
              render: (_, key) => (
                <EstimateDays
                  projectId={props.projectId}
                  metric={key}
                  audience={props.audience}
                  versions={props.versions}
                  entering={props.entering}
                  goal={goal}
                />
              ),
            },
          ]}
        />
      )}
      <Drawer
        title={t('power.title')}
        open={open}
        onClose={() => setOpen(false)}
        size={720}
        destroyOnHidden
        data-testid="power-drawer"
      >
        <PowerCalculator
          bare
          projectId={props.projectId}
          metricKeys={props.metricKeys}
          versions={props.versions}
          audience={props.audience}
        />
      </Drawer>
    </Card>
  );
}
