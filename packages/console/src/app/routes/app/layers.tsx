import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

export function LayersRoute() {
  const { t } = useTranslation('experiments');
  return <PageHeader title={t('title')} />;
}
