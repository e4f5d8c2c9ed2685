import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Language, toLanguage } from '../lib/i18n';
import { familyOf } from '../lib/platform/edition';
import { useEdition } from '../lib/platform/platform';
import { themeFor } from './edition/theme';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, 'zh-CN': zhCN, ja: jaJP };

/** antd's built-in texts (pagination, empty tables, copy tooltips) follow the language, its theme the edition. */
export function UiProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const family = familyOf(useEdition());
  const theme = useMemo(() => themeFor(family), [family]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[toLanguage(i18n.resolvedLanguage)]} theme={theme}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

/** Spec §2 "UI libraries": antd's static methods (message, Modal.confirm) render inside the same theme and locale. */
export function configureUi(): void {
  ConfigProvider.config({ holderRender: (children) => <UiProvider>{children}</UiProvider> });
}
