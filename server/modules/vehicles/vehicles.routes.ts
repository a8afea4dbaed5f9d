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
  serviceHistoryEntry,
  vehicle,
  vehicleInput,
  vehicleListQuery,
  vehicleUpdateInput,
  vinDecoded,
} from '../../../core/contracts/vehicles.ts';
import { decodeVin } from '../../../core/rules/vin.ts';
import { sendCsv } from '../../lib/csv-export.ts';
import { recordExport, recordImport } from '../audit/audit.service.ts';
import { IMPORT_BODY_LIMIT } from '../../lib/import-rows.ts';
import * as service from './vehicles.service.ts';

const tags = ['vehicles'];
const exportQuery = vehicleListQuery.omit({ limit: true, offset: true });

export async function vehicleRoutes(
  app: FastifyInstance,
  { db, live, onMileageChange }: { db: Db; live: Live; onMileageChange?: service.OnMileageChange },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'vehicles' });

  r.get(
    '/api/tenants/:tenantId/vehicles',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: vehicleListQuery, response: { 200: z.array(vehicle) } },
    },
    async (request, reply) => {
      const { rows, total, exact } = await service.listVehicles(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/vehicles/export.csv',
    { config: { access: ANY_ROLE }, schema: { tags, params: tenantParams, querystring: exportQuery } },
    async (request, reply) => {
      await recordExport(db, request.actor, 'vehicles', request.query);
      return sendCsv(reply, service.vehiclesCsv(db, request.actor.tenantId, request.query));
    },
  );
  r.get(
    '/api/vehicles/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: vehicle } } },
    async (request) => {
      const found = await service.findVehicle(db, request.actor.tenantId, request.params.id);
      if (!found) throw service.vehicleNotFound();
      return found;
    },
  );
  r.get(
    '/api/vehicles/:id/service-history',
    {
      config: { access: ANY_ROLE },
      schema: { tags, params: idParams, querystring: pagingQuery, response: { 200: z.array(serviceHistoryEntry) } },
    },
    async (request, reply) => {
      const tenantId = request.actor.tenantId;
      if (!(await service.findVehicle(db, tenantId, request.params.id))) throw service.vehicleNotFound();
      const { rows, total } = await service.serviceHistory(db, tenantId, request.params.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
  r.post(
    '/api/vehicles',
    { config: { access: STAFF }, schema: { tags, body: vehicleInput, response: { 201: vehicle } } },
    async (request, reply) => {
      const created = await service.createVehicle(db, request.actor, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/vehicles/:id',
    { config: { access: STAFF }, schema: { tags, params: idParams, body: vehicleUpdateInput, response: { 200: vehicle } } },
    async (request) => {
      const updated = await service.updateVehicle(db, request.actor, request.params.id, request.body, onMileageChange);
      await changed(request.actor.tenantId);
      return updated;
    },
  );
  r.delete('/api/vehicles/:id', { config: { access: STAFF }, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.deleteVehicle(db, request.actor, request.params.id);
    await changed(request.actor.tenantId);
    return reply.status(204).send();
  });
  r.post(
    '/api/vehicles/import',
    { config: { access: STAFF }, bodyLimit: IMPORT_BODY_LIMIT, schema: { tags, body: importInput, response: { 200: importResult } } },
    async (request) => {
      const result = await service.importVehicles(db, request.actor, request.body);
      await recordImport(db, request.actor, 'vehicles', result);
      if (result.imported) await changed(request.actor.tenantId);
      return result;
    },
  );

  r.get(
    '/api/vin/:vin',
    { config: { access: ANY_ROLE }, schema: { tags, params: z.object({ vin: z.string().max(64) }), response: { 200: vinDecoded } } },
    async (request) => decodeVin(request.params.vin),
  );
}
