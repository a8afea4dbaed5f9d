import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { STAFF } from '../../plugins/access.ts';
import { TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import {
  invoice,
  invoiceDetail,
  invoiceInput,
  invoiceListQuery,
  invoiceUpdateInput,
  payment,
  paymentInput,
} from '../../../core/contracts/billing.ts';
import * as service from './invoices.service.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';

const tags = ['invoices'];
const itemParams = tenantParams.extend({ id: z.coerce.number().int().positive() });

/** Invoices and payments (spec/garage.md section 7), and an invoice from a job card: admins and managers only. */
export async function invoiceRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'invoices' });

  r.get(
    '/api/tenants/:tenantId/invoices',
    {
      config: { access: STAFF, permission: 'invoices.view', keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: invoiceListQuery, response: { 200: z.array(invoice) } },
    },
    async (request, reply) => {
      const tenantId = request.actor.tenantId;
      const { today } = await workshopClock(db, tenantId);
      const { rows, total, exact } = await service.listInvoices(db, tenantId, { ...request.query, today });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/invoices/next-number',
    {
      config: { access: STAFF, permission: 'invoices.view' },
      schema: { tags, params: tenantParams, response: { 200: z.object({ invoiceNumber: z.string() }) } },
    },
    async (request) => ({ invoiceNumber: await service.peekNextInvoiceNumber(db, request.actor.tenantId) }),
  );
  r.get(
    '/api/tenants/:tenantId/invoices/:id',
    { config: { access: STAFF, permission: 'invoices.view' }, schema: { tags, params: itemParams, response: { 200: invoiceDetail } } },
    async (request) => service.getInvoiceDetail(db, request.actor.tenantId, request.params.id),
  );
  r.get(
    '/api/tenants/:tenantId/invoices/:id/payments',
    { config: { access: STAFF, permission: 'invoices.view' }, schema: { tags, params: itemParams, response: { 200: z.array(payment) } } },
    async (request) => service.listPayments(db, request.actor.tenantId, request.params.id),
  );
  r.post(
    '/api/tenants/:tenantId/invoices',
    {
      config: { access: STAFF, permission: 'invoices.edit' },
      schema: { tags, params: tenantParams, body: invoiceInput, response: { 201: invoiceDetail } },
    },
    async (request, reply) => {
      const created = await service.createInvoice(db, request.actor, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/tenants/:tenantId/invoices/:id',
    {
      config: { access: STAFF, permission: 'invoices.edit' },
      schema: { tags, params: itemParams, body: invoiceUpdateInput, response: { 200: invoiceDetail } },
    },
    async (request) => {
      const updated = await service.updateInvoice(db, request.actor, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return updated;
    },
  );
  r.post(
    '/api/tenants/:tenantId/invoices/:id/record-payment',
    {
      config: { access: STAFF, permission: 'payments.record' },
      schema: { tags, params: itemParams, body: paymentInput, response: { 200: invoiceDetail } },
    },
    async (request) => {
      const updated = await service.recordPayment(db, request.actor, request.params.id, request.body);
      await changed(request.actor.tenantId);
      await app.notifier.paymentRecorded(request.actor, request.params.id, request.body.paidAmount);
      return updated;
    },
  );
  r.post(
    '/api/tenants/:tenantId/job-cards/:id/invoice',
    { config: { access: STAFF, permission: 'invoices.edit' }, schema: { tags, params: itemParams, response: { 201: invoiceDetail } } },
    async (request, reply) => {
      const created = await service.invoiceJobCard(db, request.actor, request.params.id);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
}
