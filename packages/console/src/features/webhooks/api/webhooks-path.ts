export const webhooksPath = (projectId: string, webhookId?: string) =>
  `/projects/${encodeURIComponent(projectId)}/webhooks${webhookId ? `/${encodeURIComponent(webhookId)}` : ''}`;
