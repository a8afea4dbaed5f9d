import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the route schemas, and a browsable page. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Workbay API', version: '0.1.0', description: 'Every call of the Workbay web app.' },
    },
    // Each operation says who may call it (x-access: the route's config.access; x-permission: the
    // overridable permission that decides instead, whose default roles x-access lists; x-feature:
    // the optional module it belongs to), for API users and for the tests generated from this document.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = input.route.config;
      if (config?.access === undefined) return out;
      const extra = {
        'x-access': config.access,
        ...(config.permission ? { 'x-permission': config.permission } : {}),
        ...(config.feature ? { 'x-feature': config.feature } : {}),
      };
      return { ...out, schema: { ...out.schema, ...extra } };
    },
  });
  // Its page loads only its own files and runs under the app's Content-Security-Policy
  // (security-headers.ts): no policy of its own is needed (staticCSP stays off).
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
