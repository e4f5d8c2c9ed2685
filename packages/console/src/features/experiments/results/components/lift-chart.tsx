import type { ExperimentResults, MetricResult } from '@tabula/protocol';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/echart';
import type { ResultsFormat } from '../hooks/use-results-format';
import { liftChartOption } from '../utils/chart-options';

interface LiftChartProps {
  metric: MetricResult;
  results: ExperimentResults;
  format: ResultsFormat;
}

/** How each treatment's lift and its interval moved as units came in. */
export function LiftChart({ metric, results, format }: LiftChartProps) {
  const { t } = useTranslation('results');
  const { token } = theme.useToken();
  const mode = results.options.relative ? 'relative' : 'absolute';
  const option = useMemo(
    () =>
      liftChartOption({
        series: metric.series,
        versions: results.versions,
        control: results.control,
        theme: { text: token.colorTextSecondary, split: token.colorSplit },
        formatLift: (value) => format.change(value, mode, metric.type),
      }),
    [metric, results.versions, results.control, token, format, mode],
  );
  return <EChart option={option} height={220} data-testid={`lift-chart-${metric.key}`} aria-label={t('charts.lift')} />;
}
