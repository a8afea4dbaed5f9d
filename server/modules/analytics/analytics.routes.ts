import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { STAFF } from '../../plugins/access.ts';
import { ANALYTICS_REPORTS, ANALYTICS_SCHEMAS, analyticsQuery } from '../../../core/contracts/analytics.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import * as service from './analytics.service.ts';

const tags = ['analytics'];

/** The owner's reports, one route each (admins and managers: canViewReports). */
export async function analyticsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const name of ANALYTICS_REPORTS) {
    r.get(
      `/api/tenants/:tenantId/analytics/${name}`,
      {
        // The fleet report is the fleet module's too: it goes when either is turned off.
        config: { access: STAFF, permission: 'reports.view', feature: name === 'fleet' ? ['analytics', 'fleet'] : 'analytics' },
        schema: { tags, params: tenantParams, querystring: analyticsQuery, response: { 200: ANALYTICS_SCHEMAS[name] } },
      },
      async (request) => service.report(db, request.actor.tenantId, name, request.query),
    );
  }
}
