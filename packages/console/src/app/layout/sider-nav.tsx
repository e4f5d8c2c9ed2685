import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUser } from '../../lib/auth';
import { can } from '../../lib/authorization';
import { NAV_GROUPS, NAV_ITEMS, resolveNavItems, selectedNavKey } from '../navigation';

interface SiderNavProps {
  projectId: string | null;
  collapsed: boolean;
  theme?: 'dark' | 'light';
  /** Called after an entry is chosen: the phone's drawer closes. */
  onNavigate?: () => void;
}

export function SiderNav({ projectId, collapsed, theme = 'dark', onNavigate }: SiderNavProps) {
  const { t } = useTranslation();
  const { role } = useUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = resolveNavItems(NAV_ITEMS, { projectId, allowed: (permission) => can(role, permission) });

  type MenuItem = NonNullable<MenuProps['items']>[number];
  const menuItems = NAV_GROUPS.flatMap((group): MenuItem[] => {
    const children: MenuItem[] = items
      .filter((item) => item.group === group)
      .map((item) => ({
        key: item.key,
        icon: item.icon,
        label: (
          <span data-testid={`nav-${item.key}`}>
            {t(item.labelKey)}
            {item.badge && <item.badge projectId={projectId} />}
          </span>
        ),
        onClick: () => {
          navigate(item.href);
          onNavigate?.();
        },
      }));
    if (children.length === 0) return [];
    // Group titles would be clipped in the narrow sider; a divider keeps the grouping visible.
    if (collapsed) return [{ type: 'divider', key: `${group}-divider` }, ...children];
    return [{ type: 'group', key: group, label: t(`nav.groups.${group}`), children }];
  });

  return (
    <Menu
      theme={theme}
      mode="inline"
      selectedKeys={[selectedNavKey(items, pathname) ?? '']}
      items={menuItems}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
