import { index, integer, jsonb, numeric, pgTable, text, timestamp, varchar, date } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { customers } from '../customers/customers.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { jobCards } from '../job-cards/job-cards.table.ts';
import { estimates } from '../billing/estimates.table.ts';
import { serviceBookings } from '../bookings/bookings.table.ts';
import { maintenanceSchedules } from '../maintenance/maintenance.table.ts';

/**
 * The AI assistant's records (spec/garage.md section 3, "AI records"): every answer is stored,
 * pending until someone applies it (with a preview and a confirmation) or dismisses it. Beside
 * the spec's columns: who asked, who decided and when, and what the answer stood on (`basedOn`),
 * so an owner can trace every figure to the records behind it.
 */
const decision = {
  status: varchar('status', { length: 20 }).notNull().default('pending'),
  createdBy: integer('created_by'),
  decidedBy: integer('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
};
const confidence = () => numeric('confidence', { precision: 4, scale: 3 }).notNull();

export const aiJobEstimations = pgTable(
  'ai_job_estimations',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    vehicleId: integer('vehicle_id'),
    /** The job as asked (the spec's serviceType holds the description's service). */
    serviceType: varchar('service_type', { length: 100 }).notNull(),
    jobDescription: text('job_description').notNull(),
    vehicleDetails: varchar('vehicle_details', { length: 200 }),
    estimatedHours: numeric('estimated_hours', { precision: 6, scale: 2 }).notNull(),
    estimatedCost: numeric('estimated_cost', { precision: 10, scale: 2 }).notNull(),
    laborCost: numeric('labor_cost', { precision: 10, scale: 2 }).notNull(),
    partsCost: numeric('parts_cost', { precision: 10, scale: 2 }).notNull(),
    confidence: confidence(),
    /** Ranges, the similar job cards and whether it fell back to rates and the catalogue. */
    basedOnData: jsonb('based_on_data').notNull(),
    appliedToJobCard: integer('applied_to_job_card'),
    ...decision,
    ...timestamps,
  },
  (t) => [
    index('ai_job_estimations_vehicle_idx').on(t.tenantId, t.vehicleId, t.id),
    workshopRef('ai_job_estimations_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles).onDelete('set null'),
    workshopRef('ai_job_estimations_applied_to_job_card_fk', t.tenantId, t.appliedToJobCard, jobCards).onDelete('set null'),
    workshopRef('ai_job_estimations_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
    workshopRef('ai_job_estimations_decided_by_fk', t.tenantId, t.decidedBy, users).onDelete('set null'),
  ],
);

export const aiMaintenancePredictions = pgTable(
  'ai_maintenance_predictions',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    vehicleId: integer('vehicle_id').notNull(),
    /** The service due (the spec's predictedIssue). */
    predictedIssue: varchar('predicted_issue', { length: 200 }).notNull(),
    /** overdue, soon or later (the spec's severity). */
    severity: varchar('severity', { length: 20 }).notNull(),
    recommendedAction: text('recommended_action').notNull(),
    /** "by 2027-01-10 or at 45,000 km": the spec's estimatedTimeframe, with its parts below. */
    estimatedTimeframe: varchar('estimated_timeframe', { length: 100 }).notNull(),
    dueDate: date('due_date'),
    dueMileage: integer('due_mileage'),
    confidence: confidence(),
    reason: text('reason').notNull(),
    basedOnData: jsonb('based_on_data').notNull(),
    acknowledgedBy: integer('acknowledged_by'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    bookingId: integer('booking_id'),
    maintenanceScheduleId: integer('maintenance_schedule_id'),
    ...decision,
    ...timestamps,
  },
  (t) => [
    index('ai_maintenance_predictions_vehicle_idx').on(t.tenantId, t.vehicleId, t.id),
    workshopRef('ai_maintenance_predictions_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles).onDelete('cascade'),
    workshopRef('ai_maintenance_predictions_acknowledged_by_fk', t.tenantId, t.acknowledgedBy, users).onDelete('set null'),
    workshopRef('ai_maintenance_predictions_booking_id_fk', t.tenantId, t.bookingId, serviceBookings).onDelete('set null'),
    workshopRef('ai_maintenance_predictions_schedule_id_fk', t.tenantId, t.maintenanceScheduleId, maintenanceSchedules).onDelete(
      'set null',
    ),
    workshopRef('ai_maintenance_predictions_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
    workshopRef('ai_maintenance_predictions_decided_by_fk', t.tenantId, t.decidedBy, users).onDelete('set null'),
  ],
);

export const aiPartsRecommendations = pgTable(
  'ai_parts_recommendations',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    vehicleId: integer('vehicle_id'),
    serviceType: varchar('service_type', { length: 100 }).notNull(),
    vehicleMake: varchar('vehicle_make', { length: 50 }).notNull(),
    vehicleModel: varchar('vehicle_model', { length: 50 }).notNull(),
    /** The parts as recommended (id, name, sku, price, stock, reason), in rank order. */
    recommendedParts: jsonb('recommended_parts').notNull(),
    reasoning: text('reasoning').notNull(),
    totalEstimatedCost: numeric('total_estimated_cost', { precision: 10, scale: 2 }).notNull(),
    confidence: confidence(),
    basedOnData: jsonb('based_on_data').notNull(),
    appliedToJobCard: integer('applied_to_job_card'),
    appliedToEstimate: integer('applied_to_estimate'),
    ...decision,
    ...timestamps,
  },
  (t) => [
    index('ai_parts_recommendations_vehicle_idx').on(t.tenantId, t.vehicleId, t.id),
    workshopRef('ai_parts_recommendations_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles).onDelete('set null'),
    workshopRef('ai_parts_recommendations_job_card_fk', t.tenantId, t.appliedToJobCard, jobCards).onDelete('set null'),
    workshopRef('ai_parts_recommendations_estimate_fk', t.tenantId, t.appliedToEstimate, estimates).onDelete('set null'),
    workshopRef('ai_parts_recommendations_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
    workshopRef('ai_parts_recommendations_decided_by_fk', t.tenantId, t.decidedBy, users).onDelete('set null'),
  ],
);

export const aiScheduleOptimizations = pgTable(
  'ai_schedule_optimizations',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    optimizationType: varchar('optimization_type', { length: 50 }).notNull().default('assign_unassigned'),
    /** The range and the kinds of work asked for. */
    request: jsonb('request').notNull(),
    suggestions: jsonb('suggestions').notNull(),
    unplaced: jsonb('unplaced').notNull(),
    scheduleText: text('schedule_text').notNull(),
    reasoning: text('reasoning').notNull(),
    /** Minutes. */
    potentialTimeSaved: integer('potential_time_saved').notNull().default(0),
    conflictsAvoided: integer('conflicts_avoided').notNull().default(0),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    ...decision,
    ...timestamps,
  },
  (t) => [
    index('ai_schedule_optimizations_tenant_idx').on(t.tenantId, t.id),
    workshopRef('ai_schedule_optimizations_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
    workshopRef('ai_schedule_optimizations_decided_by_fk', t.tenantId, t.decidedBy, users).onDelete('set null'),
  ],
);

export const aiChatConversations = pgTable(
  'ai_chat_conversations',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The staff member chatting (conversations are theirs). */
    userId: integer('user_id').notNull(),
    /** The spec's customerId: a customer the conversation is about, when known. */
    customerId: integer('customer_id'),
    sessionId: varchar('session_id', { length: 64 }),
    /** [{ role, content, citations? }] in order. */
    messages: jsonb('messages').notNull().default([]),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    handoffTo: integer('handoff_to'),
    handoffReason: text('handoff_reason'),
    ...timestamps,
  },
  (t) => [
    index('ai_chat_conversations_user_idx').on(t.tenantId, t.userId, t.id),
    workshopRef('ai_chat_conversations_user_id_fk', t.tenantId, t.userId, users).onDelete('cascade'),
    workshopRef('ai_chat_conversations_customer_id_fk', t.tenantId, t.customerId, customers).onDelete('set null'),
    workshopRef('ai_chat_conversations_handoff_to_fk', t.tenantId, t.handoffTo, users).onDelete('set null'),
  ],
);
