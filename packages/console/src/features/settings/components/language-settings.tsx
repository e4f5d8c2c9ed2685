import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select';

export function LanguageSettings() {
  const { t } = useTranslation('settings');
  return (
    <Card title={t('language.title')}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Text type="secondary">{t('language.description')}</Typography.Text>
        <LanguageSelect width={200} />
      </Flex>
    </Card>
  );
}
