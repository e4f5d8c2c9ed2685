import { type AuditEntry, auditPageSchema, auditQuerySchema } from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { iso, withErrors } from '../../http/schemas';
import { listAudit } from './service';
import type { AuditRecord } from './types';

const toAuditEntry = (record: AuditRecord): AuditEntry => ({
  id: String(record.id),
  at: iso(record.at),
  actor: record.actor,
  action: record.action,
  entityType: record.entityType,
  entityId: record.entityId,
  projectId: record.projectId,
  before: record.before ?? null,
  after: record.after ?? null,
});

export const auditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/audit',
    {
      config: { access: { role: 'viewer', apiKeys: true } },
      schema: {
        tags: ['audit'],
        summary: 'What changed, newest first',
        querystring: auditQuerySchema,
        response: withErrors({ 200: auditPageSchema }),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { projectId, ...query } = request.query;
      // A key sees its own project's history only, whatever it asks for.
      if (principal.kind === 'api_key' && projectId && projectId !== principal.projectId) {
        return { entries: [], nextCursor: null };
      }
      const scope = principal.kind === 'api_key' ? principal.projectId : projectId;
      const page = await listAudit(db, { ...query, projectId: scope, organizationId: principal.organizationId });
      return { entries: page.entries.map(toAuditEntry), nextCursor: page.nextCursor };
    },
  );
};
