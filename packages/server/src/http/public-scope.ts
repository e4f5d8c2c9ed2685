import type { FastifyInstance } from 'fastify';

/**
 * Plugins that register their own routes (static files, Swagger UI) cannot declare access themselves:
 * inside this scope their routes are public and left out of the OpenAPI document.
 */
export async function registerPublicScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? 'public' };
      route.schema = { ...route.schema, hide: true };
    });
    await register(scope);
  });
}
