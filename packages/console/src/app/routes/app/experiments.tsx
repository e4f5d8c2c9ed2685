import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

export function ExperimentsRoute() {
  const { t } = useTranslation('experiments');
  return <PageHeader title={t('title')} />;
}
