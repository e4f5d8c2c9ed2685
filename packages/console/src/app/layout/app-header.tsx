import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { UserMenu } from '../../features/auth/components/user-menu';
import { DevtoolEntry } from '../../features/devtool/components/devtool-entry';
import { ProjectSwitcher } from '../../features/projects/components/project-switcher';
import { useSettingsStore } from '../../lib/settings-store';
import { ACCOUNT_PATH } from '../paths';

const PROJECT_PATH = /^\/projects\/[^/]+(\/.*)?$/;

interface AppHeaderProps {
  projectId: string | null;
  /** Given on a phone, where the menu lives in a drawer this opens. */
  onOpenNav?: () => void;
}

export function AppHeader({ projectId, onOpenNav }: AppHeaderProps) {
  const { t } = useTranslation();
  const narrow = onOpenNav !== undefined;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const remember = useSettingsStore((state) => state.setCurrentProjectId);

  // Switching keeps the page (settings → the other project's settings); from elsewhere it opens the project.
  const switchProject = (nextId: string) => {
    remember(nextId);
    const rest = PROJECT_PATH.exec(pathname)?.[1] ?? '';
    navigate(`/projects/${encodeURIComponent(nextId)}${rest}`);
  };

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 8,
        paddingInline: narrow ? 12 : undefined,
        borderBottom: '1px solid #eceef3',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        {onOpenNav && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('nav.menu')}
            onClick={onOpenNav}
            data-testid="nav-open"
          />
        )}
        <ProjectSwitcher value={projectId} onChange={switchProject} />
      </Flex>
      <Flex align="center" gap={8} style={{ flexShrink: 0 }}>
        <DevtoolEntry />
        <UserMenu
          compact={narrow}
          onOpenAccount={() => navigate(ACCOUNT_PATH)}
          onOpenSettings={() => navigate('/settings')}
          onSignedOut={() => navigate('/login', { replace: true })}
        />
      </Flex>
    </Layout.Header>
  );
}
