import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams, pagingQuery, TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { searchQuery } from '../../../core/contracts/fields.ts';
import { importInput, importResult } from '../../../core/contracts/imports.ts';
import {
  customer,
  customerDetail,
  customerInput,
  customerListQuery,
  customerNote,
  customerNoteInput,
  customerUpdateInput,
} from '../../../core/contracts/customers.ts';
import { sendCsv } from '../../lib/csv-export.ts';
import { recordExport, recordImport } from '../audit/audit.service.ts';
import { IMPORT_BODY_LIMIT } from '../../lib/import-rows.ts';
import * as service from './customers.service.ts';

const tags = ['customers'];
const noteParams = idParams.extend({ noteId: z.coerce.number().int().positive() });

export async function customerRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'customers' });

  r.get(
    '/api/tenants/:tenantId/customers',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: customerListQuery, response: { 200: z.array(customer) } },
    },
    async (request, reply) => {
      const { rows, total, exact } = await service.listCustomers(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/customers/export.csv',
    { config: { access: ANY_ROLE }, schema: { tags, params: tenantParams, querystring: z.object({ q: searchQuery }) } },
    async (request, reply) => {
      await recordExport(db, request.actor, 'customers', request.query);
      return sendCsv(reply, service.customersCsv(db, request.actor.tenantId, request.query.q));
    },
  );
  r.get(
    '/api/customers/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: customerDetail } } },
    async (request) => {
      const found = await service.findCustomerDetail(db, request.actor.tenantId, request.params.id);
      if (!found) throw service.customerNotFound();
      return found;
    },
  );
  r.post(
    '/api/customers',
    { config: { access: STAFF, permission: 'customers.edit' }, schema: { tags, body: customerInput, response: { 201: customer } } },
    async (request, reply) => {
      const created = await service.createCustomer(db, request.actor, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/customers/:id',
    {
      config: { access: STAFF, permission: 'customers.edit' },
      schema: { tags, params: idParams, body: customerUpdateInput, response: { 200: customer } },
    },
    async (request) => {
      const updated = await service.updateCustomer(db, request.actor, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return updated;
    },
  );
  r.delete(
    '/api/customers/:id',
    { config: { access: STAFF, permission: 'customers.delete' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await service.deleteCustomer(db, request.actor, request.params.id);
      await changed(request.actor.tenantId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/customers/:id/notes',
    {
      config: { access: ANY_ROLE },
      schema: { tags, params: idParams, querystring: pagingQuery, response: { 200: z.array(customerNote) } },
    },
    async (request, reply) => {
      const tenantId = request.actor.tenantId;
      if (!(await service.findCustomer(db, tenantId, request.params.id))) throw service.customerNotFound();
      const { rows, total } = await service.listNotes(db, tenantId, request.params.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
  r.post(
    '/api/customers/:id/notes',
    {
      config: { access: STAFF, permission: 'customers.edit' },
      schema: { tags, params: idParams, body: customerNoteInput, response: { 201: customerNote } },
    },
    async (request, reply) => {
      const note = await service.addNote(db, request.actor, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(note);
    },
  );
  r.delete(
    '/api/customers/:id/notes/:noteId',
    { config: { access: STAFF, permission: 'customers.edit' }, schema: { tags, params: noteParams } },
    async (request, reply) => {
      await service.removeNote(db, request.actor, request.params.id, request.params.noteId);
      await changed(request.actor.tenantId);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/customers/import',
    {
      config: { access: STAFF, permission: 'customers.edit' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: importInput, response: { 200: importResult } },
    },
    async (request) => {
      const result = await service.importCustomers(db, request.actor, request.body);
      await recordImport(db, request.actor, 'customers', result);
      if (result.imported) await changed(request.actor.tenantId);
      return result;
    },
  );
}
