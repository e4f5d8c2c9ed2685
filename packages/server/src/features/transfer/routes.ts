import { importReportSchema, projectExportDocumentSchema, projectImportBodySchema } from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { AppError } from '../../http/app-error';
import { projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import * as transfer from './service';

/** A project's export is larger than any other request body: thousands of flags with their rules. */
const IMPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export const transferRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['transfer'];

  app.get(
    '/projects/:projectId/export',
    {
      config: { access: { role: 'viewer', apiKeys: true } },
      schema: {
        tags,
        summary: "The project's flags, segments and metrics as one JSON document, to import elsewhere",
        params: projectParams,
        response: withErrors({ 200: projectExportDocumentSchema }),
      },
    },
    async (request, reply) => {
      const document = await transfer.exportProject(db, request.params.projectId);
      const day = document.exportedAt.slice(0, 10);
      void reply.header('content-disposition', `attachment; filename="tabula-project-${day}.json"`);
      return document;
    },
  );

  app.post(
    '/projects/:projectId/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      config: { access: { role: 'admin', apiKeys: true } },
      schema: {
        tags,
        summary:
          'Import an export document: all of it in one transaction, or nothing, with every conflict and error listed',
        params: projectParams,
        body: projectImportBodySchema,
        response: withErrors({ 200: importReportSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId } = request.params;
      const report = await db.transaction((tx) => transfer.importProject(tx, acting, projectId, request.body));
      if (report.dryRun) return report;
      if (report.errors.length > 0) {
        throw new AppError('validation_failed', `Nothing was imported: the file has ${problems(report)}`, report);
      }
      if (report.conflicts.length > 0) {
        throw new AppError('conflict', `Nothing was imported: the file has ${problems(report)}`, report);
      }
      await changes.notifyProjectChanged(projectId);
      return report;
    },
  );
};

const problems = (report: { errors: unknown[]; conflicts: unknown[] }) =>
  [
    report.errors.length > 0 ? `${report.errors.length} error(s)` : '',
    report.conflicts.length > 0 ? `${report.conflicts.length} conflict(s)` : '',
  ]
    .filter(Boolean)
    .join(' and ');
