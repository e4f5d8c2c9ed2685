import {
  createLayerBodySchema,
  keySchema,
  type Layer as LayerBody,
  layerListSchema,
  layerSchema,
  updateLayerBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { iso, noContent, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import * as layers from './service';

const toLayerBody = (layer: layers.LayerWithSlots): LayerBody => ({
  id: layer.id,
  key: layer.key,
  name: layer.name,
  description: layer.description,
  slots: layer.slots,
  free: layer.free,
  experiments: layer.experiments,
  createdAt: iso(layer.createdAt),
  updatedAt: iso(layer.updatedAt),
});

const layerParams = projectParams.extend({ layerKey: keySchema });

const createExample = { key: 'homepage', name: 'Homepage', description: 'Experiments that change the hero banner' };
const updateExample = { description: 'Experiments on the hero banner and the search box' };

/**
 * No change here reaches SDKs: a layer's key cannot change, its name and description are not delivered, and only a
 * layer no experiment refers to can be deleted. Starting and stopping experiments is what moves its slots.
 */
export const layerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const tags = ['layers'];
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  const write = { access: { role: 'editor' as const, apiKeys: true } };

  app.get(
    '/projects/:projectId/layers',
    { config: read, schema: { tags, params: projectParams, response: withErrors({ 200: layerListSchema }) } },
    async (request) => ({ layers: (await layers.listLayers(db, request.params.projectId)).map(toLayerBody) }),
  );

  app.post(
    '/projects/:projectId/layers',
    {
      config: write,
      schema: {
        tags,
        params: projectParams,
        body: createLayerBodySchema.meta({ examples: [createExample] }),
        response: withErrors({ 201: layerSchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const layer = await db.transaction((tx) =>
        layers.createLayer(tx, acting, request.params.projectId, request.body),
      );
      return reply.status(201).send(toLayerBody(layer));
    },
  );

  app.get(
    '/projects/:projectId/layers/:layerKey',
    { config: read, schema: { tags, params: layerParams, response: withErrors({ 200: layerSchema }) } },
    async (request) => toLayerBody(await layers.getLayer(db, request.params.projectId, request.params.layerKey)),
  );

  app.patch(
    '/projects/:projectId/layers/:layerKey',
    {
      config: write,
      schema: {
        tags,
        params: layerParams,
        body: updateLayerBodySchema.meta({ examples: [updateExample] }),
        response: withErrors({ 200: layerSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, layerKey } = request.params;
      return toLayerBody(
        await db.transaction((tx) => layers.updateLayer(tx, acting, projectId, layerKey, request.body)),
      );
    },
  );

  app.delete(
    '/projects/:projectId/layers/:layerKey',
    { config: write, schema: { tags, params: layerParams, response: withErrors({ 204: noContent }) } },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, layerKey } = request.params;
      await db.transaction((tx) => layers.deleteLayer(tx, acting, projectId, layerKey));
      return reply.status(204).send();
    },
  );
};
