import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Language, toLanguage } from '../lib/i18n';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, 'zh-CN': zhCN, ja: jaJP };

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#4f46e5',
    colorLink: '#4f46e5',
    borderRadius: 8,
    colorBgLayout: '#f5f6fa',
  },
  components: {
    Layout: { siderBg: '#14152b', triggerBg: '#1c1d3a', headerBg: '#ffffff', headerPadding: '0 24px' },
    Menu: { darkItemBg: '#14152b', darkSubMenuItemBg: '#14152b', darkItemSelectedBg: '#4f46e5' },
  },
};

/** antd's theme and built-in texts (pagination, empty tables, copy tooltips) follow the console's language. */
export function UiProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
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
