import type { MetricType } from '@tabula/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<MetricType, string> = { conversion: 'green', count: 'blue', sum: 'gold', ratio: 'purple' };

export function MetricTypeTag({ type }: { type: MetricType }) {
  const { t } = useTranslation('metrics');
  return <Tag color={COLORS[type]}>{t(`types.${type}`)}</Tag>;
}
