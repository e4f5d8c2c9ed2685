import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BlockOutlined,
  DashboardOutlined,
  DiffOutlined,
  ExperimentOutlined,
  FlagOutlined,
  FundOutlined,
  HomeOutlined,
  PartitionOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SnippetsOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import { AwaitingReviewBadge } from '../features/change-requests/components/awaiting-review-badge';
import type { Permission } from '../lib/authorization';
import { ACCOUNT_PATH } from './paths';

export type NavGroup = 'workspace' | 'project' | 'organization' | 'account';

/**
 * One entry of the sider. Features plug in by adding an entry here; `:projectId` in a path is filled with
 * the current project.
 */
export interface NavItem {
  key: string;
  group: NavGroup;
  /** A key of the common bundle. */
  labelKey: string;
  icon: ReactNode;
  path: string;
  /** Hidden from roles without it. */
  permission?: Permission;
  /** A count next to the label, e.g. what awaits the member in the current project. */
  badge?: ComponentType<{ projectId: string | null }>;
}

export const NAV_GROUPS: NavGroup[] = ['workspace', 'project', 'organization', 'account'];

export const NAV_ITEMS: NavItem[] = [
  { key: 'projects', group: 'workspace', labelKey: 'nav.projects', icon: <AppstoreOutlined />, path: '/projects' },
  {
    key: 'project-home',
    group: 'project',
    labelKey: 'nav.projectHome',
    icon: <HomeOutlined />,
    path: '/projects/:projectId',
  },
  { key: 'flags', group: 'project', labelKey: 'nav.flags', icon: <FlagOutlined />, path: '/projects/:projectId/flags' },
  {
    key: 'segments',
    group: 'project',
    labelKey: 'nav.segments',
    icon: <PartitionOutlined />,
    path: '/projects/:projectId/segments',
  },
  {
    key: 'experiments',
    group: 'project',
    labelKey: 'nav.experiments',
    icon: <ExperimentOutlined />,
    path: '/projects/:projectId/experiments',
  },
  {
    key: 'experiment-templates',
    group: 'project',
    labelKey: 'nav.experimentTemplates',
    icon: <SnippetsOutlined />,
    path: '/projects/:projectId/experiment-templates',
  },
  {
    key: 'change-requests',
    group: 'project',
    labelKey: 'nav.changeRequests',
    icon: <DiffOutlined />,
    path: '/projects/:projectId/change-requests',
    badge: AwaitingReviewBadge,
  },
  {
    key: 'metrics',
    group: 'project',
    labelKey: 'nav.metrics',
    icon: <FundOutlined />,
    path: '/projects/:projectId/metrics',
  },
  {
    key: 'layers',
    group: 'project',
    labelKey: 'nav.layers',
    icon: <BlockOutlined />,
    path: '/projects/:projectId/layers',
  },
  {
    key: 'integration',
    group: 'project',
    labelKey: 'nav.integration',
    icon: <ApiOutlined />,
    path: '/projects/:projectId/integration',
  },
  {
    key: 'project-settings',
    group: 'project',
    labelKey: 'nav.projectSettings',
    icon: <ToolOutlined />,
    path: '/projects/:projectId/settings',
  },
  { key: 'members', group: 'organization', labelKey: 'nav.members', icon: <TeamOutlined />, path: '/organization' },
  { key: 'audit', group: 'organization', labelKey: 'nav.audit', icon: <AuditOutlined />, path: '/audit' },
  {
    key: 'diagnostics',
    group: 'organization',
    labelKey: 'nav.diagnostics',
    icon: <DashboardOutlined />,
    path: '/diagnostics',
    permission: 'diagnostics:read',
  },
  {
    key: 'account',
    group: 'account',
    labelKey: 'nav.account',
    icon: <SafetyCertificateOutlined />,
    path: ACCOUNT_PATH,
  },
  { key: 'settings', group: 'account', labelKey: 'nav.settings', icon: <SettingOutlined />, path: '/settings' },
];

export interface ResolvedNavItem extends NavItem {
  href: string;
}

/** The entries this user sees now: project entries need a project, guarded entries a permission. */
export function resolveNavItems(
  items: NavItem[],
  context: { projectId: string | null; allowed: (permission: Permission) => boolean },
): ResolvedNavItem[] {
  return items.flatMap((item) => {
    if (item.permission && !context.allowed(item.permission)) return [];
    if (item.path.includes(':projectId')) {
      if (!context.projectId) return [];
      return [{ ...item, href: item.path.replace(':projectId', encodeURIComponent(context.projectId)) }];
    }
    return [{ ...item, href: item.path }];
  });
}

/** The entry the current page belongs to: the one whose path is the longest prefix of it. */
export function selectedNavKey(items: ResolvedNavItem[], pathname: string): string | undefined {
  const matches = items.filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));
  return matches.sort((a, b) => b.href.length - a.href.length)[0]?.key;
}
