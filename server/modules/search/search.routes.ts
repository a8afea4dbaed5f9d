import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { searchQuery, searchResult } from '../../../core/contracts/search.ts';
import * as service from './search.service.ts';

/** GET /api/search?q=: the top bar's box and the command palette (core/contracts/search.ts). */
export async function searchRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/search',
      { config: { access: ANY_ROLE }, schema: { tags: ['search'], querystring: searchQuery, response: { 200: searchResult } } },
      async (request) => service.search(db, request.actor, request.query.q),
    );
}
