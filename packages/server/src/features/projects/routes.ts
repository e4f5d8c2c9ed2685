import { createProjectBodySchema, projectListSchema, projectSchema, updateProjectBodySchema } from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { noContent, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import { accessByProject, accessOf } from '../project-access/service';
import { toProjectBody } from './mappers';
import * as projects from './service';

export const projectRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['projects'];

  app.get(
    '/projects',
    {
      config: { access: { role: 'viewer', apiKeys: true } },
      schema: { tags, response: withErrors({ 200: projectListSchema }) },
    },
    async (request) => {
      const principal = principalOf(request);
      const only = principal.kind === 'api_key' ? principal.projectId : undefined;
      const [list, access] = await Promise.all([
        projects.listProjects(db, principal.organizationId, only),
        accessByProject(db, principal),
      ]);
      return { projects: list.map((project) => toProjectBody(project, access(project.id))) };
    },
  );

  app.post(
    '/projects',
    {
      config: { access: { role: 'admin' } },
      schema: { tags, body: createProjectBodySchema, response: withErrors({ 201: projectSchema }) },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const project = await db.transaction((tx) => projects.createProject(tx, actingOf(principal), request.body));
      return reply.status(201).send(toProjectBody(project, accessOf(principal)));
    },
  );

  app.get(
    '/projects/:projectId',
    {
      config: { access: { role: 'viewer' } },
      schema: { tags, params: projectParams, response: withErrors({ 200: projectSchema }) },
    },
    async (request) =>
      toProjectBody(await projects.getProject(db, request.params.projectId), accessOf(principalOf(request))),
  );

  app.patch(
    '/projects/:projectId',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags,
        params: projectParams,
        body: updateProjectBodySchema,
        response: withErrors({ 200: projectSchema }),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const project = await db.transaction((tx) =>
        projects.updateProject(tx, actingOf(principal), request.params.projectId, request.body),
      );
      // Whether versions' custom scripts are served, and the attributes exposures copy, are in the SDK payload.
      if (request.body.customScripts !== undefined || request.body.breakdownAttributes !== undefined) {
        await changes.notifyProjectChanged(project.id);
      }
      return toProjectBody(project, accessOf(principal));
    },
  );

  app.delete(
    '/projects/:projectId',
    {
      config: { access: { role: 'admin' } },
      schema: { tags, params: projectParams, response: withErrors({ 204: noContent }) },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      await db.transaction((tx) => projects.deleteProject(tx, acting, request.params.projectId));
      // Its keys went with it: SDK caches must forget them.
      await changes.notifyProjectChanged(request.params.projectId);
      return reply.status(204).send();
    },
  );
};
