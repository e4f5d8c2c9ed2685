import { Alert, Card, Col, Form, InputNumber, Row, Segmented, Select, Statistic, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { optionTestIds } from '../../../../components/option-test-ids';
import { useMetricLibrary } from '../../api/get-metric-library';
import { type Audience, useMetricBaseline } from '../api/get-metric-baseline';
import { useMetricType } from '../api/get-metric-type';
import { type Baseline, planExperiment } from '../utils/power';

interface PowerValues {
  metric?: string;
  kind: Baseline['kind'];
  /** Percent, as people say rates. */
  rate: number;
  mean: number;
  standardDeviation: number;
  /** Percent of the baseline. */
  mde: number;
  unitsPerDay: number;
  alpha: number;
  /** Percent. */
  power: number;
}

const INITIAL: PowerValues = {
  kind: 'rate',
  rate: 10,
  mean: 50,
  standardDeviation: 20,
  mde: 5,
  unitsPerDay: 1000,
  alpha: 0.05,
  power: 80,
};

/** Figures read from history, kept to what a person would type. */
const typed = (value: number) => Number(value.toPrecision(4));

export interface PowerCalculatorProps {
  projectId: string;
  /** The metrics to plan for; the first is chosen. */
  metricKeys: string[];
  /** Versions, the control included. */
  versions: number;
  /** Whose history fills in the baseline and traffic: a page's visitors, or every visitor. */
  audience: Audience;
  /** The traffic a running experiment has had a day: a better guess of what it will have than history. */
  observedUnitsPerDay?: number | null;
  /** In a card of its own (an experiment's page) or bare (a drawer). */
  bare?: boolean;
}

/**
 * How long an experiment must run to see an effect of a given size on one of its metrics. The baseline and the units
 * a day start from the metric's last two weeks among the audience, and can be typed over (or typed in, without history).
 */
export function PowerCalculator(props: PowerCalculatorProps) {
  const { projectId, metricKeys: keys, versions, audience, observedUnitsPerDay } = props;
  const { t, i18n } = useTranslation('results');
  const [form] = Form.useForm<PowerValues>();
  const initial = { ...INITIAL, metric: keys[0], unitsPerDay: observedUnitsPerDay ?? INITIAL.unitsPerDay };
  const values = Form.useWatch([], form) ?? initial;
  const library = useMetricLibrary(projectId);
  const metricType = useMetricType(projectId, values.metric);
  const history = useMetricBaseline(projectId, values.metric, audience);

  // A conversion metric's baseline is a rate; every other type's is a mean with its spread.
  useEffect(() => {
    if (metricType.data) form.setFieldValue('kind', metricType.data === 'conversion' ? 'rate' : 'mean');
  }, [metricType.data, form]);
  useEffect(() => {
    const found = history.data;
    if (!found) return;
    if (found.rate !== null) form.setFieldsValue({ kind: 'rate', rate: typed(found.rate * 100) });
    if (found.mean !== null && found.standardDeviation !== null) {
      form.setFieldsValue({ kind: 'mean', mean: typed(found.mean), standardDeviation: typed(found.standardDeviation) });
    }
    if (observedUnitsPerDay == null && found.unitsPerDay > 0) {
      form.setFieldValue('unitsPerDay', Math.max(1, Math.round(found.unitsPerDay)));
    }
  }, [history.data, observedUnitsPerDay, form]);

  const baseline: Baseline =
    values.kind === 'rate'
      ? { kind: 'rate', rate: (values.rate ?? Number.NaN) / 100 }
      : { kind: 'mean', mean: values.mean ?? Number.NaN, standardDeviation: values.standardDeviation ?? Number.NaN };
  const plan = planExperiment({
    baseline,
    mde: (values.mde ?? Number.NaN) / 100,
    unitsPerDay: values.unitsPerDay ?? Number.NaN,
    alpha: values.alpha ?? Number.NaN,
    power: (values.power ?? Number.NaN) / 100,
    versions,
  });
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const number = (name: keyof PowerValues, props: React.ComponentProps<typeof InputNumber<number>>) => (
    <Form.Item name={name} label={t(`power.fields.${name}`)}>
      <InputNumber<number> style={{ width: '100%' }} data-testid={`power-${name}`} {...props} />
    </Form.Item>
  );

  const found = history.data;
  const fromHistory = history.isError ? (
    <Typography.Text type="secondary">{t('power.historyFailed')}</Typography.Text>
  ) : found && found.units >= 2 ? (
    <Typography.Text type="secondary">
      {t(audience ? 'power.historyPage' : 'power.historyAll', {
        days: found.days,
        units: count(found.units),
        perDay: count(Math.round(found.unitsPerDay)),
      })}
    </Typography.Text>
  ) : found ? (
    <Typography.Text type="secondary">{t('power.noHistory', { days: found.days })}</Typography.Text>
  ) : null;
  const body = (
    <>
      <Typography.Paragraph type="secondary">{t('power.description', { versions })}</Typography.Paragraph>
      {values.metric && <Typography.Paragraph data-testid="power-history">{fromHistory}</Typography.Paragraph>}
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Form form={form} layout="vertical" initialValues={initial} name="power">
            <Row gutter={16}>
              {keys.length > 0 && (
                <Col span={24}>
                  <Form.Item name="metric" label={t('power.fields.metric')}>
                    <Select
                      data-testid="power-metric"
                      optionRender={optionTestIds('power-metric-option')}
                      options={keys.map((key) => ({
                        value: key,
                        label: library.data?.find((metric) => metric.key === key)?.name ?? key,
                      }))}
                    />
                  </Form.Item>
                </Col>
              )}
              <Col span={24}>
                <Form.Item name="kind" label={t('power.fields.kind')}>
                  <Segmented
                    aria-label={t('power.fields.kind')}
                    options={(['rate', 'mean'] as const).map((kind) => ({
                      value: kind,
                      label: <span data-testid={`power-kind-${kind}`}>{t(`power.kinds.${kind}`)}</span>,
                    }))}
                  />
                </Form.Item>
              </Col>
              {values.kind === 'rate' ? (
                <Col xs={24} sm={12}>
                  {number('rate', { min: 0, max: 100, step: 0.1, suffix: '%' })}
                </Col>
              ) : (
                <>
                  <Col xs={24} sm={12}>
                    {number('mean', { step: 1 })}
                  </Col>
                  <Col xs={24} sm={12}>
                    {number('standardDeviation', { min: 0, step: 1 })}
                  </Col>
                </>
              )}
              <Col xs={24} sm={12}>
                {number('mde', { step: 0.5, suffix: '%' })}
              </Col>
              <Col xs={24} sm={12}>
                {number('unitsPerDay', { min: 1, step: 100 })}
              </Col>
              <Col xs={12} sm={6}>
                {number('alpha', { min: 0.001, max: 0.5, step: 0.01 })}
              </Col>
              <Col xs={12} sm={6}>
                {number('power', { min: 1, max: 99, step: 5, suffix: '%' })}
              </Col>
            </Row>
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          {plan.ok ? (
            <Row gutter={[16, 16]}>
              <Col span={12}>
                <Statistic
                  title={t('power.perVersion')}
                  value={count(plan.perVersion)}
                  data-testid="power-per-version"
                />
              </Col>
              <Col span={12}>
                <Statistic title={t('power.total')} value={count(plan.total)} data-testid="power-total" />
              </Col>
              <Col span={24}>
                <Statistic title={t('power.days')} value={count(plan.days)} data-testid="power-days" />
              </Col>
            </Row>
          ) : (
            <Alert type="info" showIcon title={t(`power.problems.${plan.problem}`)} data-testid="power-problem" />
          )}
        </Col>
      </Row>
    </>
  );
  if (props.bare) return <div data-testid="power-calculator">{body}</div>;
  return (
    <Card title={t('power.title')} style={{ marginTop: 16 }} data-testid="power-calculator">
      {body}
    </Card>
  );
}
