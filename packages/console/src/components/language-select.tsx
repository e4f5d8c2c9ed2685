import { TranslationOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, isLanguage, languagesFor, toLanguage } from '../lib/i18n';
import { familyOf } from '../lib/platform/edition';
import { useEdition } from '../lib/platform/platform';
import { optionTestIds } from './option-test-ids';

/** Each language is named in itself, so a reader who does not know the current one still finds theirs. */
export function LanguageSelect({ testId = 'language-select', width = 160 }: { testId?: string; width?: number }) {
  const { t, i18n } = useTranslation();
  const languages = languagesFor(familyOf(useEdition()));
  return (
    <Select
      data-testid={testId}
      aria-label={t('language.label')}
      value={toLanguage(i18n.resolvedLanguage)}
      onChange={(language) => {
        if (isLanguage(language)) void chooseLanguage(language);
      }}
      style={{ width }}
      prefix={<TranslationOutlined />}
      optionRender={optionTestIds('language-option')}
      options={languages.map((language) => ({
        value: language,
        label: t(`language.${language}`),
      }))}
    />
  );
}
