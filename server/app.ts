import path from 'node:path';
import { tmpdir } from 'node:os';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { AllowedHosts } from './lib/hosts.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerRequestGuard } from './plugins/request-guard.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './modules/auth/session.ts';
import { registerAccessGuard } from './plugins/access.ts';
import { registerAnswerCache } from './plugins/answer-cache.ts';
import { auditRoutes, registerAuditContext } from './modules/audit/audit.routes.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWeb } from './plugins/web.ts';
import { pageRenderer } from './plugins/page-render.ts';
import { registerCompression } from './plugins/compression.ts';
import { createResponseSerializerCompiler } from './plugins/response-serializer.ts';
import { createBus, type Bus } from './modules/live/live.bus.ts';
import { registerLive, registerWebSockets, type Live } from './modules/live/live.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { deviceTokens } from './modules/auth/device-tokens.ts';
import { createTwoFactor } from './modules/auth/two-factor.service.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { sessionRoutes } from './modules/auth/sessions.routes.ts';
import { DEFAULT_REGISTRATIONS_PER_HOUR } from './modules/auth/throttle.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { accessControlRoutes } from './modules/access-control/access-control.routes.ts';
import { tenantRoutes } from './modules/tenants/tenants.routes.ts';
import { technicianRoutes } from './modules/technicians/technicians.routes.ts';
import { taskRoutes } from './modules/tasks/tasks.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { attachmentRoutes } from './modules/attachments/attachments.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { consentRoutes } from './modules/consents/consents.routes.ts';
import { dataRightsRoutes } from './modules/data-rights/data-rights.routes.ts';
import { customerMessageRoutes } from './modules/customer-messages/customer-messages.routes.ts';
import { vehicleRoutes } from './modules/vehicles/vehicles.routes.ts';
import { refreshVehicle } from './modules/maintenance/maintenance.service.ts';
import { sparePartRoutes } from './modules/spare-parts/spare-parts.routes.ts';
import { jobCardRoutes } from './modules/job-cards/job-cards.routes.ts';
import { shiftRoutes } from './modules/shifts/shifts.routes.ts';
import { fleetRoutes } from './modules/fleet/fleet.routes.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { bookingRoutes } from './modules/bookings/bookings.routes.ts';
import { appointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { backupRoutes } from './modules/backups/backups.routes.ts';
import { estimateRoutes } from './modules/billing/estimates.routes.ts';
import { invoiceRoutes } from './modules/billing/invoices.routes.ts';
import { smtpSender, type Senders } from './modules/notifications/senders.ts';
import { createNotifier, type Notifier } from './modules/notifications/notifications.notifier.ts';
import { aiRoutes } from './modules/ai/ai.routes.ts';
import type { ModelServer } from './modules/ai/ai-options.ts';
import { AI_CALLS_PER_MINUTE } from '../core/contracts/ai.values.ts';
import { runEvery } from './lib/repeating-job.ts';
import { upkeep } from './db/upkeep.ts';

/** The embedded database's upkeep: a first look a minute after start, then every ten minutes. */
const UPKEEP_FIRST_AFTER_MS = 60 * 1000;
const UPKEEP_EVERY_MS = 10 * 60 * 1000;

export type AppDeps = {
  database: Database;
  sessionSecret: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /**
   * Host names answered besides localhost, IP addresses, single-label names and *.local, or '*'
   * for any. Unset: those defaults, or any host behind a trusted proxy (the proxy picks the names).
   */
  allowedHosts?: AllowedHosts;
  /** Folder of the built web app; omitted in API tests. */
  webDir?: string;
  /** The built page renderer (web/src/entry-server.tsx as scripts/build.mjs builds it); none: pages render in the browser only. */
  pageRenderer?: string;
  /** SMTP for e-mail notifications; without it e-mails stay queued. */
  smtpUrl?: string;
  /** Senders per channel (tests and integrations); e-mail defaults to SMTP when smtpUrl is set. */
  senders?: Senders;
  /**
   * Run the minute check of daily digests, overdue invoices and due reminders (main.ts: true, the
   * first check 15 s after the start); tests call app.notifier.runDue, or set when it first checks.
   */
  notificationSchedule?: boolean | { firstAfterMs?: number; everyMs?: number };
  /** The bus between app processes; by default LISTEN/NOTIFY on PostgreSQL, local on PGlite. */
  bus?: Bus;
  /** New workshops one address may open per hour (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour?: number;
  /** AI calls one user may make per minute. */
  aiCallsPerMinute?: number;
  /** An OpenAI-compatible model server for the AI chat; offline answers without it. */
  aiModel?: ModelServer;
  /** Where workshop backups' archives live (main.ts: DATA_DIR/backups); a folder of the system's temporary one otherwise. */
  backupDir?: string;
  /** Tests: every answer also serialized by zod's encode, a difference an error (plugins/response-serializer.ts). */
  checkResponses?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
    /** Tells people of the events that concern them (modules/notifications/notifications.notifier.ts). */
    notifier: Notifier;
    /** Which serializer each route's answer got (`METHOD url status`): compiled, or zod's. */
    responseSerializers: ReadonlyMap<string, 'compiled' | 'zod'>;
  }
}

/** Builds the whole app from its dependencies; reads no environment, so tests build it freely. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Shutdown does not wait for idle keep-alive connections.
    forceCloseConnections: 'idle',
    genReqId: () => crypto.randomUUID(),
  });
  await registerWebSockets(app);
  app.setValidatorCompiler(validatorCompiler);
  const responses = createResponseSerializerCompiler({ check: deps.checkResponses });
  app.setSerializerCompiler(responses.compiler);
  app.decorate('responseSerializers', responses.serializers);
  registerErrorHandler(app);
  // Before the guard, so its refusals carry the headers too.
  await registerSecurityHeaders(app);
  registerRequestGuard(app, deps.allowedHosts ?? (deps.trustProxy ? '*' : []));
  await app.register(cookie);
  await registerCompression(app);

  const db = deps.database.db;
  const bus = deps.bus ?? (await createBus(deps.database, app.log));
  const sessions = registerSessions(app, db, deps.sessionSecret, bus);
  registerAccessGuard(app);
  // After the sessions and the guard: an answer is kept for, and sent again to, a user who may read it.
  registerAnswerCache(app, bus);
  registerAuditContext(app);
  await registerOpenApi(app);

  const live = await registerLive(app, bus);
  app.decorate('live', live);
  const senders: Senders = { ...(deps.smtpUrl ? { email: smtpSender(deps.smtpUrl) } : {}), ...deps.senders };
  const notifier = createNotifier({ db, senders, live, log: app.log });
  app.decorate('notifier', notifier);

  await app.register(healthRoutes, { db });
  const twoFactor = createTwoFactor(db, deps.sessionSecret);
  await app.register(authRoutes, {
    db,
    sessions,
    devices: deviceTokens(deps.sessionSecret),
    twoFactor,
    registrationsPerHour: deps.registrationsPerHour ?? DEFAULT_REGISTRATIONS_PER_HOUR,
  });
  await app.register(twoFactorRoutes, { twoFactor, live });
  await app.register(sessionRoutes, { db, sessions });
  await app.register(userRoutes, { db, sessions, live });
  await app.register(accessControlRoutes, { db, live });
  await app.register(tenantRoutes, { db, live });
  await app.register(technicianRoutes, { db, live });
  await app.register(taskRoutes, { db, live });
  await app.register(activityRoutes, { db });
  await app.register(auditRoutes, { db, schedule: deps.notificationSchedule ?? false });
  await app.register(dashboardRoutes, { db });
  await app.register(analyticsRoutes, { db });
  await app.register(searchRoutes, { db });
  await app.register(notificationRoutes, { db, live, senders, notifier, schedule: deps.notificationSchedule ?? false });
  await app.register(attachmentRoutes, { db, live });
  await app.register(adminRoutes, { db, live });
  await app.register(customerRoutes, { db, live });
  await app.register(consentRoutes, { db, live });
  await app.register(dataRightsRoutes, { db, live });
  await app.register(customerMessageRoutes, { db });
  // A new odometer reading moves mileage-based maintenance due dates and reminders.
  await app.register(vehicleRoutes, { db, live, onMileageChange: refreshVehicle });
  await app.register(sparePartRoutes, { db, live });
  await app.register(jobCardRoutes, { db, live });
  await app.register(shiftRoutes, { db, live });
  await app.register(fleetRoutes, { db, live });
  await app.register(maintenanceRoutes, { db, live });
  await app.register(bookingRoutes, { db, live });
  await app.register(appointmentRoutes, { db, live });
  await app.register(scheduleRoutes, { db });
  await app.register(estimateRoutes, { db, live });
  await app.register(invoiceRoutes, { db, live });
  await app.register(aiRoutes, { db, live, callsPerMinute: deps.aiCallsPerMinute ?? AI_CALLS_PER_MINUTE, model: deps.aiModel });
  await app.register(backupRoutes, {
    database: deps.database,
    dir: deps.backupDir ?? path.join(tmpdir(), `workbay-backups-${process.pid}`),
    schedule: deps.notificationSchedule ?? false,
  });
  // The embedded database has no autovacuum of its own (server/db/upkeep.ts).
  if (deps.database.kind === 'pglite' && deps.notificationSchedule)
    runEvery(app, 'embedded database upkeep', { firstAfterMs: UPKEEP_FIRST_AFTER_MS, everyMs: UPKEEP_EVERY_MS }, () => upkeep(db));
  await registerWeb(app, deps.webDir, pageRenderer(app, deps.pageRenderer));
  return app;
}
