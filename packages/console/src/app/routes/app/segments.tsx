import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

export function SegmentsRoute() {
  const { t } = useTranslation('flags');
  return <PageHeader title={t('title')} />;
}
