import { Layout } from 'antd';
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

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={SIDER_WIDTH}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        data-testid="sider"
      >
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
      </Layout.Sider>
      <Layout>
        <AppHeader projectId={projectId} />
        <Layout.Content style={{ padding: 24 }}>
          <div style={{ maxWidth: 1200, margin: '0 auto' }}>
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
