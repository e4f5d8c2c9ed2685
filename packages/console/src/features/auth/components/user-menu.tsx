import { DownOutlined, LogoutOutlined, SafetyCertificateOutlined, SettingOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleTag } from '../../../components/role-tag';
import { useUser } from '../../../lib/auth';
import { useLogout } from '../api/logout';

interface UserMenuProps {
  /** Only the avatar, where the header is narrow (a phone). */
  compact?: boolean;
  onOpenAccount: () => void;
  onOpenSettings: () => void;
  onSignedOut: () => void;
}

export function UserMenu({ compact = false, onOpenAccount, onOpenSettings, onSignedOut }: UserMenuProps) {
  const { t } = useTranslation();
  const me = useUser();
  const logout = useLogout(onSignedOut);
  const initial = (me.user.name || me.user.email).slice(0, 1).toUpperCase();

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'who',
            type: 'group',
            label: (
              <Flex vertical gap={2} style={{ padding: '4px 0' }}>
                <Typography.Text type="secondary">{me.user.email}</Typography.Text>
                <Flex gap={6} align="center">
                  <Typography.Text>{me.organization.name}</Typography.Text>
                  <RoleTag role={me.role} />
                </Flex>
              </Flex>
            ),
          },
          { type: 'divider' },
          {
            key: 'account',
            icon: <SafetyCertificateOutlined />,
            label: <span data-testid="open-account">{t('nav.account')}</span>,
            onClick: onOpenAccount,
          },
          { key: 'settings', icon: <SettingOutlined />, label: t('nav.settings'), onClick: onOpenSettings },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="sign-out">{t('header.signOut')}</span>,
            onClick: () => logout.mutate(),
          },
        ],
      }}
    >
      <Button type="text" data-testid="user-menu" aria-label={t('header.userMenu')} style={{ height: 40 }}>
        <Flex align="center" gap={8}>
          <Avatar size="small" style={{ backgroundColor: '#4f46e5' }}>
            {initial}
          </Avatar>
          {!compact && <Typography.Text>{me.user.name}</Typography.Text>}
          <DownOutlined style={{ fontSize: 10 }} />
        </Flex>
      </Button>
    </Dropdown>
  );
}
