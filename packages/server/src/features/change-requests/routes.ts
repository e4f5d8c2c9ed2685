import {
  changeRequestCommentBodySchema,
  changeRequestListQuerySchema,
  changeRequestListSchema,
  changeRequestSchema,
  createChangeRequestBodySchema,
  createRolloutPlanBodySchema,
  idSchema,
  reviewChangeRequestBodySchema,
  updateChangeRequestBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import type { Principal } from '../../http/principal';
import { projectParams, withErrors } from '../../http/schemas';
import { toChangeRequestBody } from './mappers';
import * as requests from './service';

const changeRequestParams = projectParams.extend({ changeRequestId: idSchema });

type Action = (
  tx: Parameters<typeof requests.submitChangeRequest>[0],
  principal: Principal,
  projectId: string,
  id: string,
  body: { comment?: string } | undefined,
) => Promise<requests.Outcome>;

export const changeRequestRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['change requests'];
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  const write = { access: { role: 'editor' as const, apiKeys: true } };

  /** Commits, then tells every server's SDK payloads when a change was applied. */
  const run = async (projectId: string, work: (tx: typeof db) => Promise<requests.Outcome>) => {
    const outcome = await db.transaction(work);
    if (outcome.applied) await changes.notifyProjectChanged(projectId);
    return outcome.record;
  };

  app.get(
    '/projects/:projectId/change-requests',
    {
      config: read,
      schema: {
        tags,
        params: projectParams,
        querystring: changeRequestListQuerySchema,
        response: withErrors({ 200: changeRequestListSchema }),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const page = await requests.listChangeRequests(db, principal, request.params.projectId, request.query);
      return {
        changeRequests: page.records.map((record) => toChangeRequestBody(record, principal)),
        total: page.total,
        awaitingYourReview: page.awaitingYourReview,
      };
    },
  );

  app.post(
    '/projects/:projectId/change-requests',
    {
      config: write,
      schema: {
        tags,
        params: projectParams,
        body: createChangeRequestBodySchema,
        response: withErrors({ 201: changeRequestSchema }),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { projectId } = request.params;
      const record = await run(projectId, (tx) => requests.createChangeRequest(tx, principal, projectId, request.body));
      return reply.status(201).send(toChangeRequestBody(record, principal));
    },
  );

  app.post(
    '/projects/:projectId/change-requests/rollout-plan',
    {
      config: write,
      schema: {
        tags,
        params: projectParams,
        body: createRolloutPlanBodySchema,
        response: withErrors({ 201: z.object({ changeRequests: z.array(changeRequestSchema) }) }),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { projectId } = request.params;
      const records = await db.transaction((tx) => requests.createRolloutPlan(tx, principal, projectId, request.body));
      return reply
        .status(201)
        .send({ changeRequests: records.map((record) => toChangeRequestBody(record, principal)) });
    },
  );

  app.get(
    '/projects/:projectId/change-requests/:changeRequestId',
    {
      config: read,
      schema: { tags, params: changeRequestParams, response: withErrors({ 200: changeRequestSchema }) },
    },
    async (request) => {
      const { projectId, changeRequestId } = request.params;
      const record = await requests.getChangeRequest(db, projectId, changeRequestId);
      return toChangeRequestBody(record, principalOf(request));
    },
  );

  app.patch(
    '/projects/:projectId/change-requests/:changeRequestId',
    {
      config: write,
      schema: {
        tags,
        params: changeRequestParams,
        body: updateChangeRequestBodySchema,
        response: withErrors({ 200: changeRequestSchema }),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { projectId, changeRequestId } = request.params;
      const record = await run(projectId, (tx) =>
        requests.updateChangeRequest(tx, principal, projectId, changeRequestId, request.body),
      );
      return toChangeRequestBody(record, principal);
    },
  );

  const actions: [string, Action, z.ZodType | undefined][] = [
    ['submit', (tx, principal, projectId, id) => requests.submitChangeRequest(tx, principal, projectId, id), undefined],
    [
      'approve',
      (tx, principal, projectId, id, body) =>
        requests.approveChangeRequest(tx, principal, projectId, id, body?.comment ?? ''),
      reviewChangeRequestBodySchema,
    ],
    [
      'reject',
      (tx, principal, projectId, id, body) =>
        requests.rejectChangeRequest(tx, principal, projectId, id, body?.comment ?? ''),
      reviewChangeRequestBodySchema,
    ],
    ['cancel', (tx, principal, projectId, id) => requests.cancelChangeRequest(tx, principal, projectId, id), undefined],
  ];
  for (const [action, perform, body] of actions) {
    app.post(
      `/projects/:projectId/change-requests/:changeRequestId/${action}`,
      {
        config: write,
        schema: {
          tags,
          params: changeRequestParams,
          ...(body && { body: body.nullish() }),
          response: withErrors({ 200: changeRequestSchema }),
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { projectId, changeRequestId } = request.params;
        const record = await run(projectId, (tx) =>
          perform(tx, principal, projectId, changeRequestId, request.body as { comment?: string } | undefined),
        );
        return toChangeRequestBody(record, principal);
      },
    );
  }

  app.post(
    '/projects/:projectId/change-requests/:changeRequestId/comments',
    {
      config: write,
      schema: {
        tags,
        params: changeRequestParams,
        body: changeRequestCommentBodySchema,
        response: withErrors({ 200: changeRequestSchema }),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { projectId, changeRequestId } = request.params;
      const record = await run(projectId, (tx) =>
        requests.commentOnChangeRequest(tx, principal, projectId, changeRequestId, request.body.body),
      );
      return toChangeRequestBody(record, principal);
    },
  );
};
