import {
  createSegmentBodySchema,
  divertedChangeSchema,
  keySchema,
  type Segment as SegmentBody,
  segmentListSchema,
  segmentSchema,
  type UpdateSegmentBody,
  updateSegmentBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { iso, noContent, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import { segmentReach } from './reach';
import * as segments from './service';

const toSegmentBody = (segment: segments.Segment): SegmentBody => ({
  id: segment.id,
  key: segment.key,
  name: segment.name,
  description: segment.description,
  conditions: segment.conditions,
  createdAt: iso(segment.createdAt),
  updatedAt: iso(segment.updatedAt),
});

const segmentParams = projectParams.extend({ segmentKey: keySchema });

export const segmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['segments'];
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  const write = { access: { role: 'editor' as const, apiKeys: true } };

  app.get(
    '/projects/:projectId/segments',
    { config: read, schema: { tags, params: projectParams, response: withErrors({ 200: segmentListSchema }) } },
    async (request) => ({
      segments: (await segments.listSegments(db, request.params.projectId)).map(toSegmentBody),
    }),
  );

  app.post(
    '/projects/:projectId/segments',
    {
      config: write,
      schema: {
        tags,
        params: projectParams,
        body: createSegmentBodySchema,
        response: withErrors({ 201: segmentSchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId } = request.params;
      const segment = await db.transaction((tx) => segments.createSegment(tx, acting, projectId, request.body));
      await changes.notifyProjectChanged(projectId);
      return reply.status(201).send(toSegmentBody(segment));
    },
  );

  app.get(
    '/projects/:projectId/segments/:segmentKey',
    { config: read, schema: { tags, params: segmentParams, response: withErrors({ 200: segmentSchema }) } },
    async (request) =>
      toSegmentBody(await segments.getSegment(db, request.params.projectId, request.params.segmentKey)),
  );

  app.patch(
    '/projects/:projectId/segments/:segmentKey',
    {
      config: {
        access: {
          ...write.access,
          reaches: segmentReach(db),
          divert: async (request) => ({
            kind: 'segment.update' as const,
            segment: (request.params as { segmentKey: string }).segmentKey,
            update: request.body as UpdateSegmentBody,
          }),
        },
      },
      schema: {
        tags,
        params: segmentParams,
        body: updateSegmentBodySchema,
        response: withErrors({ 200: segmentSchema, 202: divertedChangeSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, segmentKey } = request.params;
      const segment = await db.transaction((tx) =>
        segments.updateSegment(tx, acting, projectId, segmentKey, request.body),
      );
      await changes.notifyProjectChanged(projectId);
      return toSegmentBody(segment);
    },
  );

  app.delete(
    '/projects/:projectId/segments/:segmentKey',
    { config: write, schema: { tags, params: segmentParams, response: withErrors({ 204: noContent }) } },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, segmentKey } = request.params;
      await db.transaction((tx) => segments.deleteSegment(tx, acting, projectId, segmentKey));
      await changes.notifyProjectChanged(projectId);
      return reply.status(204).send();
    },
  );
};
