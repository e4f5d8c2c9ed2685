import { useQuery } from '@tanstack/react-query';
import { Grid, Layout } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { Brand } from '../../components/brand';
import { ServerUnreachableBanner } from '../../components/server-unreachable-banner';
import { getProjectQueryOptions } from '../../features/projects/api/get-project';
import { ProjectAccessContext } from '../../lib/authorization';
import { useSettingsStore } from '../../lib/settings-store';
import { useCurrentProjectId } from '../use-current-project';
import { AppHeader } from './app-header';
import { NavDrawer } from './nav-drawer';
import { SiderNav } from './sider-nav';

const SIDER_WIDTH = 232;

export function AppLayout() {
  const projectId = useCurrentProjectId();
  // What the member may do here: the project can narrow or raise their organization role.
  const project = useQuery({ ...getProjectQueryOptions(projectId ?? ''), enabled: projectId !== null });
  const collapsed = useSettingsStore((state) => state.siderCollapsed);
  const setCollapsed = useSettingsStore((state) => state.setSiderCollapsed);
  // Below md (a phone) the menu moves into a drawer opened from the header, leaving the page the whole width.
  const narrow = Grid.useBreakpoint().md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <ProjectAccessContext.Provider value={project.data?.access ?? null}>
      <Layout style={{ minHeight: '100vh' }}>
        {narrow ? (
          <NavDrawer projectId={projectId} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        ) : (
          <Layout.Sider
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            width={SIDER_WIDTH}
            style={{ position: 'sticky', top: 0, height: '100vh' }}
            data-testid="sider"
          >
            {/* The menu scrolls above the collapse trigger, which would otherwise cover its last items on short screens. */}
            <div style={{ height: '100%', overflowY: 'auto', overflowX: 'hidden' }}>
              <div
                style={{
                  padding: collapsed ? '20px 0' : '20px 24px',
                  display: 'flex',
                  justifyContent: collapsed ? 'center' : 'flex-start',
                }}
              >
                <Brand compact={collapsed} inverted />
              </div>
              <SiderNav projectId={projectId} collapsed={collapsed} />
            </div>
          </Layout.Sider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <AppHeader projectId={projectId} onOpenNav={narrow ? () => setDrawerOpen(true) : undefined} />
          <ServerUnreachableBanner />
          <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
            <div style={{ maxWidth: 1200, margin: '0 auto' }}>
              <Outlet />
            </div>
          </Layout.Content>
        </Layout>
      </Layout>
    </ProjectAccessContext.Provider>
  );
}
