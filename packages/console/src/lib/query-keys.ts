/**
 * Every query key of the console in one place, so a feature can refresh what another feature shows
 * (an environment change refreshes its project) without importing that feature.
 */
export const queryKeys = {
  setup: ['auth', 'setup'] as const,
  me: ['auth', 'me'] as const,
  /** Whether the server answers at all, asked while it cannot be reached. */
  serverProbe: ['server-probe'] as const,
  projects: ['projects'] as const,
  project: (projectId: string) => ['projects', projectId] as const,
  environments: (projectId: string) => ['projects', projectId, 'environments'] as const,
  apiKeys: (projectId: string) => ['projects', projectId, 'keys'] as const,
  flags: (projectId: string) => ['projects', projectId, 'flags'] as const,
  flag: (projectId: string, key: string) => ['projects', projectId, 'flags', 'detail', key] as const,
  flagUsage: (projectId: string, key: string) => ['projects', projectId, 'flags', 'usage', key] as const,
  sdkInstances: (projectId: string) => ['projects', projectId, 'sdk-instances'] as const,
  unknownFlags: (projectId: string) => ['projects', projectId, 'unknown-flags'] as const,
  segments: (projectId: string) => ['projects', projectId, 'segments'] as const,
  experiments: (projectId: string) => ['projects', projectId, 'experiments'] as const,
  experiment: (projectId: string, key: string) => ['projects', projectId, 'experiments', key] as const,
  experimentTemplates: (projectId: string) => ['projects', projectId, 'experiment-templates'] as const,
  layers: (projectId: string) => ['projects', projectId, 'layers'] as const,
  holdouts: (projectId: string) => ['projects', projectId, 'holdouts'] as const,
  metrics: (projectId: string) => ['projects', projectId, 'metrics'] as const,
  gettingStarted: (projectId: string) => ['projects', projectId, 'getting-started'] as const,
  projectMembers: (projectId: string) => ['projects', projectId, 'members'] as const,
  /** Every change-request list and page of a project: a diverted change or a review refreshes them all. */
  changeRequests: (projectId: string) => ['projects', projectId, 'change-requests'] as const,
  changeRequest: (projectId: string, id: string) => ['projects', projectId, 'change-requests', 'detail', id] as const,
  webhooks: (projectId: string) => ['projects', projectId, 'webhooks'] as const,
  webhookDeliveries: (projectId: string, webhookId: string) =>
    ['projects', projectId, 'webhooks', webhookId, 'deliveries'] as const,
  members: ['members'] as const,
  invitations: ['invitations'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  passwordReset: (token: string) => ['password-reset', token] as const,
  sessions: ['sessions'] as const,
  organization: ['organization'] as const,
  audit: ['audit'] as const,
  diagnostics: ['diagnostics'] as const,
};
