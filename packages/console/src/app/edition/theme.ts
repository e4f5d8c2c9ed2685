import type { ProductFamily } from '@tabula/protocol';
import type { ThemeConfig } from 'antd';

interface Palette {
  primary: string;
  sider: string;
  siderTrigger: string;
}

/** Spec §1: each product family carries its own branding; the layout is the same for all. */
const PALETTES: Record<ProductFamily, Palette> = {
  tab: { primary: '#4f46e5', sider: '#14152b', siderTrigger: '#1c1d3a' },
  abc: { primary: '#0e7490', sider: '#0b1f2a', siderTrigger: '#12303f' },
  mg: { primary: '#c2410c', sider: '#24140e', siderTrigger: '#3a2016' },
};

export function themeFor(family: ProductFamily): ThemeConfig {
  const palette = PALETTES[family];
  return {
    token: {
      colorPrimary: palette.primary,
      colorLink: palette.primary,
      borderRadius: 8,
      colorBgLayout: '#f5f6fa',
    },
    components: {
      Layout: {
        siderBg: palette.sider,
        triggerBg: palette.siderTrigger,
        headerBg: '#ffffff',
        headerPadding: '0 24px',
      },
      Menu: { darkItemBg: palette.sider, darkSubMenuItemBg: palette.sider, darkItemSelectedBg: palette.primary },
    },
  };
}
