import type { BanditPeriod } from '@tabula/protocol';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/echart';
import type { ResultsFormat } from '../hooks/use-results-format';
import { banditWeightsChartOption } from '../utils/bandit-chart';

interface BanditWeightsChartProps {
  periods: BanditPeriod[];
  versions: { key: string; name: string }[];
  format: ResultsFormat;
}

export function BanditWeightsChart({ periods, versions, format }: BanditWeightsChartProps) {
  const { t } = useTranslation('results');
  const { token } = theme.useToken();
  const option = useMemo(
    () =>
      banditWeightsChartOption(
        periods,
        versions,
        { text: token.colorTextSecondary, split: token.colorSplit },
        format.share,
      ),
    [periods, versions, token, format],
  );
  return <EChart option={option} height={200} data-testid="bandit-weights-chart" aria-label={t('bandit.weights')} />;
}
