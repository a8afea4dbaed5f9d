import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams, pagingQuery, TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { importInput, importResult } from '../../../core/contracts/imports.ts';
import {
  auditEntry,
  sparePart,
  sparePartInput,
  sparePartListQuery,
  sparePartUpdateInput,
  stockMoveInput,
} from '../../../core/contracts/spare-parts.ts';
import { sendCsv } from '../../lib/csv-export.ts';
import { recordExport, recordImport } from '../audit/audit.service.ts';
import { IMPORT_BODY_LIMIT } from '../../lib/import-rows.ts';
import * as service from './spare-parts.service.ts';

const tags = ['spare-parts'];
const exportQuery = sparePartListQuery.pick({ q: true, category: true, status: true });

export async function sparePartRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every change of parts may take one below its minimum or restock it: managers hear of a part gone low once.
  const changed = async (actor: { id: number; tenantId: number }) => {
    await live.publish(actor.tenantId, { type: 'update', entity: 'spare_parts' });
    await app.notifier.stockChanged(actor);
  };

  r.get(
    '/api/tenants/:tenantId/spare-parts',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: sparePartListQuery, response: { 200: z.array(sparePart) } },
    },
    async (request, reply) => {
      const { lowStockFirst, ...filter } = request.query;
      const { rows, total, exact } = await service.listSpareParts(db, request.actor.tenantId, {
        ...filter,
        lowStockFirst: lowStockFirst === 'true',
      });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/spare-parts/low-stock',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: pagingQuery, response: { 200: z.array(sparePart) } },
    },
    async (request, reply) => {
      const { rows, total } = await service.listSpareParts(db, request.actor.tenantId, { ...request.query, attentionOnly: true });
      reply.header(TOTAL_COUNT_HEADER, String(total)); // exact: no search
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/spare-parts/categories',
    { config: { access: ANY_ROLE }, schema: { tags, params: tenantParams, response: { 200: z.array(z.string()) } } },
    async (request) => service.listCategories(db, request.actor.tenantId),
  );
  r.get(
    '/api/tenants/:tenantId/spare-parts/export.csv',
    { config: { access: ANY_ROLE }, schema: { tags, params: tenantParams, querystring: exportQuery } },
    async (request, reply) => {
      await recordExport(db, request.actor, 'spare_parts', request.query);
      return sendCsv(reply, service.sparePartsCsv(db, request.actor.tenantId, request.query));
    },
  );
  r.post(
    '/api/spare-parts/import',
    {
      config: { access: STAFF, permission: 'spare_parts.edit' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: importInput, response: { 200: importResult } },
    },
    async (request) => {
      const result = await service.importSpareParts(db, request.actor, request.body.rows, request.body.dryRun);
      await recordImport(db, request.actor, 'spare_parts', result);
      if (result.imported > 0) await changed(request.actor);
      return result;
    },
  );

  r.get(
    '/api/spare-parts/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: sparePart } } },
    async (request) => {
      const found = await service.findSparePart(db, request.actor.tenantId, request.params.id);
      if (!found) throw service.sparePartNotFound();
      return found;
    },
  );
  r.post(
    '/api/spare-parts',
    { config: { access: STAFF, permission: 'spare_parts.edit' }, schema: { tags, body: sparePartInput, response: { 201: sparePart } } },
    async (request, reply) => {
      const created = await service.createSparePart(db, request.actor, request.body);
      await changed(request.actor);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/spare-parts/:id',
    {
      config: { access: STAFF, permission: 'spare_parts.edit' },
      schema: { tags, params: idParams, body: sparePartUpdateInput, response: { 200: sparePart } },
    },
    async (request) => {
      const updated = await service.updateSparePart(db, request.actor, request.params.id, request.body);
      await changed(request.actor);
      return updated;
    },
  );
  r.delete(
    '/api/spare-parts/:id',
    { config: { access: STAFF, permission: 'spare_parts.delete' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await service.deleteSparePart(db, request.actor, request.params.id);
      await changed(request.actor);
      return reply.status(204).send();
    },
  );
  r.post(
    '/api/spare-parts/:id/stock',
    {
      config: { access: STAFF, permission: 'spare_parts.edit' },
      schema: { tags, params: idParams, body: stockMoveInput, response: { 200: sparePart } },
    },
    async (request) => {
      const updated = await service.moveStock(db, request.actor, request.params.id, request.body);
      await changed(request.actor);
      return updated;
    },
  );
  r.get(
    '/api/spare-parts/:id/audit-trail',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, querystring: pagingQuery, response: { 200: z.array(auditEntry) } } },
    async (request, reply) => {
      const tenantId = request.actor.tenantId;
      if (!(await service.findSparePart(db, tenantId, request.params.id))) throw service.sparePartNotFound();
      const { rows, total } = await service.listAudit(db, tenantId, request.params.id, request.query.limit, request.query.offset);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
}
