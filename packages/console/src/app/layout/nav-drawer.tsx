import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand';
import { SiderNav } from './sider-nav';

interface NavDrawerProps {
  projectId: string | null;
  open: boolean;
  onClose: () => void;
}

/** The sider's menu on a phone: it slides over the page instead of taking width from it. */
export function NavDrawer({ projectId, open, onClose }: NavDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={264}
      title={<Brand />}
      aria-label={t('nav.menu')}
      styles={{ body: { padding: 0 } }}
      data-testid="nav-drawer"
    >
      <SiderNav projectId={projectId} collapsed={false} theme="light" onNavigate={onClose} />
    </Drawer>
  );
}
