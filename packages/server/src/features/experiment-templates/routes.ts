import {
  createExperimentTemplateBodySchema,
  type ExperimentTemplate as ExperimentTemplateBody,
  experimentTemplateListSchema,
  experimentTemplateSchema,
  keySchema,
  updateExperimentTemplateBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { iso, noContent, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import { createTemplateExample, updateTemplateExample } from './examples';
import * as templates from './service';

const toTemplateBody = (template: templates.ExperimentTemplateDetails): ExperimentTemplateBody => ({
  id: template.id,
  key: template.key,
  name: template.name,
  description: template.description,
  settings: template.settings,
  missing: template.missing,
  createdBy: template.creator,
  createdAt: iso(template.createdAt),
  updatedAt: iso(template.updatedAt),
});

const templateParams = projectParams.extend({ templateKey: keySchema });

/** Templates are settings kept for later: nothing is served from them, so writing one notifies no SDK. */
export const experimentTemplateRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const tags = ['experiment-templates'];
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  const write = { access: { role: 'editor' as const, apiKeys: true } };

  app.get(
    '/projects/:projectId/experiment-templates',
    {
      config: read,
      schema: { tags, params: projectParams, response: withErrors({ 200: experimentTemplateListSchema }) },
    },
    async (request) => ({
      templates: (await templates.listTemplates(db, request.params.projectId)).map(toTemplateBody),
    }),
  );

  app.post(
    '/projects/:projectId/experiment-templates',
    {
      config: write,
      schema: {
        tags,
        params: projectParams,
        body: createExperimentTemplateBodySchema.meta({ examples: [createTemplateExample] }),
        response: withErrors({ 201: experimentTemplateSchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const template = await db.transaction((tx) =>
        templates.createTemplate(tx, acting, request.params.projectId, request.body),
      );
      return reply.status(201).send(toTemplateBody(template));
    },
  );

  app.get(
    '/projects/:projectId/experiment-templates/:templateKey',
    {
      config: read,
      schema: { tags, params: templateParams, response: withErrors({ 200: experimentTemplateSchema }) },
    },
    async (request) =>
      toTemplateBody(await templates.getTemplate(db, request.params.projectId, request.params.templateKey)),
  );

  app.patch(
    '/projects/:projectId/experiment-templates/:templateKey',
    {
      config: write,
      schema: {
        tags,
        params: templateParams,
        body: updateExperimentTemplateBodySchema.meta({ examples: [updateTemplateExample] }),
        response: withErrors({ 200: experimentTemplateSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, templateKey } = request.params;
      return toTemplateBody(
        await db.transaction((tx) => templates.updateTemplate(tx, acting, projectId, templateKey, request.body)),
      );
    },
  );

  app.delete(
    '/projects/:projectId/experiment-templates/:templateKey',
    { config: write, schema: { tags, params: templateParams, response: withErrors({ 204: noContent }) } },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, templateKey } = request.params;
      await db.transaction((tx) => templates.deleteTemplate(tx, acting, projectId, templateKey));
      return reply.status(204).send();
    },
  );
};
