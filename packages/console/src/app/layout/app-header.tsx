import { Flex, Layout } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { UserMenu } from '../../features/auth/components/user-menu';
import { DevtoolEntry } from '../../features/devtool/components/devtool-entry';
import { ProjectSwitcher } from '../../features/projects/components/project-switcher';
import { useSettingsStore } from '../../lib/settings-store';
import { ACCOUNT_PATH } from '../paths';

const PROJECT_PATH = /^\/projects\/[^/]+(\/.*)?$/;

export function AppHeader({ projectId, narrow }: { projectId: string | null; narrow: boolean }) {
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
      <ProjectSwitcher value={projectId} onChange={switchProject} />
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
