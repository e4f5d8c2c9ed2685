import { Grid, Layout } from 'antd';
import { Outlet } from 'react-router';
import { Brand } from '../../components/brand';
import { useSettingsStore } from '../../lib/settings-store';
import { useCurrentProjectId } from '../use-current-project';
import { AppHeader } from './app-header';
import { SiderNav } from './sider-nav';

const SIDER_WIDTH = 232;

export function AppLayout() {
  const projectId = useCurrentProjectId();
  const collapsed = useSettingsStore((state) => state.siderCollapsed);
  const setCollapsed = useSettingsStore((state) => state.setSiderCollapsed);
  // On a phone the sider stays narrow whatever was chosen on a wider screen, leaving the page its width.
  const narrow = Grid.useBreakpoint().md === false;
  const siderCollapsed = collapsed || narrow;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={siderCollapsed}
        onCollapse={setCollapsed}
        trigger={narrow ? null : undefined}
        width={SIDER_WIDTH}
        style={{ position: 'sticky', top: 0, height: '100vh' }}
        data-testid="sider"
      >
        {/* The menu scrolls above the collapse trigger, which would otherwise cover its last items on short screens. */}
        <div style={{ height: '100%', overflowY: 'auto', overflowX: 'hidden' }}>
          <div
            style={{
              padding: siderCollapsed ? '20px 0' : '20px 24px',
              display: 'flex',
              justifyContent: siderCollapsed ? 'center' : 'flex-start',
            }}
          >
            <Brand compact={siderCollapsed} inverted />
          </div>
          <SiderNav projectId={projectId} collapsed={siderCollapsed} />
        </div>
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <AppHeader projectId={projectId} narrow={narrow} />
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          <div style={{ maxWidth: 1200, margin: '0 auto' }}>
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
