/** Addresses of the console's pages, for the route files that link features together. */
// Features link to change requests too, so their addresses live in lib.
export { changeRequestPagePath, changeRequestsPagePath } from '../lib/change-request-paths';

export const PROJECT_SETTINGS_TABS = [
  'general',
  'statistics',
  'environments',
  'members',
  'api-keys',
  'holdout',
  'webhooks',
] as const;
export type ProjectSettingsTab = (typeof PROJECT_SETTINGS_TABS)[number];

/** A project's home: the getting-started checklist and its client keys. */
export const projectHomePath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

export const projectPath = (projectId: string, tab: ProjectSettingsTab = 'general') =>
  `${projectHomePath(projectId)}/settings/${tab}`;

export const integrationPath = (projectId: string) => `${projectHomePath(projectId)}/integration`;

export const metricsPath = (projectId: string) => `${projectHomePath(projectId)}/metrics`;

export const ORGANIZATION_TABS = ['members', 'invitations', 'security'] as const;
export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];

export const organizationPath = (tab: OrganizationTab = 'members') => `/organization/${tab}`;

/** The signed-in user's own account: profile, password, second factor, sessions. */
export const ACCOUNT_PATH = '/account';

export const FLAG_TABS = ['targeting', 'test', 'history'] as const;
export type FlagTab = (typeof FLAG_TABS)[number];

export const flagsPath = (projectId: string) => `${projectHomePath(projectId)}/flags`;

export const flagPath = (projectId: string, flagKey: string, tab: FlagTab = 'targeting') =>
  `${flagsPath(projectId)}/${encodeURIComponent(flagKey)}/${tab}`;
