import { LineChartOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Until the analysis has run there is nothing honest to show. */
export function ResultsPlaceholder() {
  const { t } = useTranslation('experiments');
  return (
    <Card data-testid="results-placeholder">
      <Result icon={<LineChartOutlined />} title={t('results.title')} subTitle={t('results.description')} />
    </Card>
  );
}
