import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

export function FlagsRoute() {
  const { t } = useTranslation('flags');
  return <PageHeader title={t('title')} />;
}
