import {
  idSchema,
  type ProjectMember,
  projectMemberListSchema,
  projectMemberSchema,
  updateProjectMemberBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { userOf } from '../../http/access';
import { projectParams, withErrors } from '../../http/schemas';
import { listProjectMembers, type ProjectMemberRow, setProjectMember } from './service';

const toMemberBody = (row: ProjectMemberRow): ProjectMember => row;
const memberParams = projectParams.extend({ userId: idSchema });

export const projectAccessRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const tags = ['members'];

  app.get(
    '/projects/:projectId/members',
    {
      config: { access: { role: 'viewer' } },
      schema: {
        tags,
        summary: 'Every member of the organization, with their role and grants in this project',
        params: projectParams,
        response: withErrors({ 200: projectMemberListSchema }),
      },
    },
    async (request) => {
      const { organizationId } = userOf(request);
      return { members: (await listProjectMembers(db, request.params.projectId, organizationId)).map(toMemberBody) };
    },
  );

  app.put(
    '/projects/:projectId/members/:userId',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags,
        summary:
          "Narrow or raise a member's role in this project, and grant or withdraw changing protected environments",
        params: memberParams,
        body: updateProjectMemberBodySchema,
        response: withErrors({ 200: projectMemberSchema }),
      },
    },
    async (request) => {
      const caller = userOf(request);
      const { projectId, userId } = request.params;
      const row = await db.transaction((tx) => setProjectMember(tx, caller, projectId, userId, request.body));
      return toMemberBody(row);
    },
  );
};
