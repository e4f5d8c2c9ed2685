import type { ExperimentResults } from '@tabula/protocol';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/echart';
import type { ResultsFormat } from '../hooks/use-results-format';
import { unitsChartOption } from '../utils/chart-options';

interface UnitsChartProps {
  series: ExperimentResults['metrics'][number]['series'];
  versions: ExperimentResults['versions'];
  format: ResultsFormat;
}

/** Units exposed so far per version: a line falling behind its weight shows an uneven split early. */
export function UnitsChart({ series, versions, format }: UnitsChartProps) {
  const { t } = useTranslation('results');
  const { token } = theme.useToken();
  const option = useMemo(
    () => unitsChartOption(series, versions, { text: token.colorTextSecondary, split: token.colorSplit }, format.count),
    [series, versions, token, format],
  );
  return <EChart option={option} height={200} data-testid="units-chart" aria-label={t('charts.units')} />;
}
