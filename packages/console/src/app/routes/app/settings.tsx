import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { LanguageSettings } from '../../../features/settings/components/language-settings';
import { ThemeSettings } from '../../../features/settings/components/theme-settings';

export function SettingsRoute() {
  const { t } = useTranslation('settings');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Flex vertical gap={24} style={{ maxWidth: 760 }}>
        <LanguageSettings />
        <ThemeSettings />
      </Flex>
    </>
  );
}
