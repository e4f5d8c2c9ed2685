import type { FlagUsageSeries } from '@tabula/protocol';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/echart';
import { usageChartOption } from '../utils/usage-chart-option';

export function UsageChart({ usage }: { usage: FlagUsageSeries }) {
  const { t } = useTranslation('usage');
  const option = useMemo(() => usageChartOption(usage, (variant) => variant || t('noVariant')), [usage, t]);
  return <EChart option={option} height={180} data-testid="flag-usage-chart" aria-label={t('chart.label')} />;
}
