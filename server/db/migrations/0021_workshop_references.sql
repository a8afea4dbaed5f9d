-- Every reference between two tables of one workshop becomes (tenant_id, column) -> parent
-- (tenant_id, id), so the database refuses a row of one workshop that points at another's
-- (server/db/columns.ts workshopRef). The parents get a unique index on (tenant_id, id) first.
-- Existing rows are checked as each key is added: a cross-workshop reference already stored
-- stops the migration with the key's name. ON DELETE SET NULL names its own column only
-- (PostgreSQL 15), so tenant_id stays.
ALTER TABLE "technician_skills" DROP CONSTRAINT "technician_skills_technician_id_technicians_id_fk";
--> statement-breakpoint
ALTER TABLE "technician_skills" DROP CONSTRAINT "technician_skills_skill_id_skills_id_fk";
--> statement-breakpoint
ALTER TABLE "technicians" DROP CONSTRAINT "technicians_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "task_dependencies" DROP CONSTRAINT "task_dependencies_task_id_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "task_dependencies" DROP CONSTRAINT "task_dependencies_depends_on_task_id_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_technician_id_technicians_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_created_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_technician_id_technicians_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_task_id_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_uploaded_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_notes" DROP CONSTRAINT "customer_notes_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_notes" DROP CONSTRAINT "customer_notes_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicle_service_history" DROP CONSTRAINT "vehicle_service_history_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "inventory_audit_trail" DROP CONSTRAINT "inventory_audit_trail_spare_part_id_spare_parts_id_fk";
--> statement-breakpoint
ALTER TABLE "inventory_audit_trail" DROP CONSTRAINT "inventory_audit_trail_performed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "job_card_labour" DROP CONSTRAINT "job_card_labour_job_card_id_job_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "job_card_parts" DROP CONSTRAINT "job_card_parts_job_card_id_job_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "job_card_parts" DROP CONSTRAINT "job_card_parts_spare_part_id_spare_parts_id_fk";
--> statement-breakpoint
ALTER TABLE "job_cards" DROP CONSTRAINT "job_cards_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "job_cards" DROP CONSTRAINT "job_cards_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "job_cards" DROP CONSTRAINT "job_cards_assigned_to_technicians_id_fk";
--> statement-breakpoint
ALTER TABLE "fleet_vehicles" DROP CONSTRAINT "fleet_vehicles_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "service_bookings" DROP CONSTRAINT "service_bookings_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "service_bookings" DROP CONSTRAINT "service_bookings_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "service_bookings" DROP CONSTRAINT "service_bookings_technician_id_technicians_id_fk";
--> statement-breakpoint
ALTER TABLE "appointment_status_history" DROP CONSTRAINT "appointment_status_history_appointment_id_appointments_id_fk";
--> statement-breakpoint
ALTER TABLE "appointment_status_history" DROP CONSTRAINT "appointment_status_history_changed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_assigned_to_technicians_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "shift_assignments" DROP CONSTRAINT "shift_assignments_shift_id_shifts_id_fk";
--> statement-breakpoint
ALTER TABLE "shift_assignments" DROP CONSTRAINT "shift_assignments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "maintenance_schedules" DROP CONSTRAINT "maintenance_schedules_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "service_reminders" DROP CONSTRAINT "service_reminders_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "service_reminders" DROP CONSTRAINT "service_reminders_maintenance_schedule_id_maintenance_schedules_id_fk";
--> statement-breakpoint
ALTER TABLE "estimate_items" DROP CONSTRAINT "estimate_items_estimate_id_estimates_id_fk";
--> statement-breakpoint
ALTER TABLE "estimate_items" DROP CONSTRAINT "estimate_items_spare_part_id_spare_parts_id_fk";
--> statement-breakpoint
ALTER TABLE "estimates" DROP CONSTRAINT "estimates_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "estimates" DROP CONSTRAINT "estimates_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "estimates" DROP CONSTRAINT "estimates_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_spare_part_id_spare_parts_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_job_card_id_job_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_estimate_id_estimates_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_created_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "vehicles_tenant_id_idx";
--> statement-breakpoint
DROP INDEX "job_cards_tenant_id_idx";
--> statement-breakpoint
DROP INDEX "estimates_tenant_id_idx";
--> statement-breakpoint
DROP INDEX "invoices_tenant_id_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_id_key" ON "users" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "skills_tenant_id_key" ON "skills" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "technicians_tenant_id_key" ON "technicians" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_tenant_id_key" ON "tasks" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_id_key" ON "customers" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_tenant_id_key" ON "vehicles" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "spare_parts_tenant_id_key" ON "spare_parts" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "job_cards_tenant_id_key" ON "job_cards" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_tenant_id_key" ON "appointments" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_tenant_id_key" ON "shifts" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_schedules_tenant_id_key" ON "maintenance_schedules" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_tenant_id_key" ON "estimates" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_id_key" ON "invoices" USING btree ("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "technician_skills" ADD CONSTRAINT "technician_skills_technician_id_fk" FOREIGN KEY ("tenant_id","technician_id") REFERENCES "public"."technicians"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "technician_skills" ADD CONSTRAINT "technician_skills_skill_id_fk" FOREIGN KEY ("tenant_id","skill_id") REFERENCES "public"."skills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_depends_on_task_id_fk" FOREIGN KEY ("tenant_id","depends_on_task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_technician_id_fk" FOREIGN KEY ("tenant_id","technician_id") REFERENCES "public"."technicians"("tenant_id","id") ON DELETE SET NULL ("technician_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_fk" FOREIGN KEY ("tenant_id","created_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_technician_id_fk" FOREIGN KEY ("tenant_id","technician_id") REFERENCES "public"."technicians"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE SET NULL ("task_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_id_fk" FOREIGN KEY ("tenant_id","uploaded_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("uploaded_by_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vehicle_service_history" ADD CONSTRAINT "vehicle_service_history_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inventory_audit_trail" ADD CONSTRAINT "inventory_audit_trail_spare_part_id_fk" FOREIGN KEY ("tenant_id","spare_part_id") REFERENCES "public"."spare_parts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inventory_audit_trail" ADD CONSTRAINT "inventory_audit_trail_performed_by_fk" FOREIGN KEY ("tenant_id","performed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("performed_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_card_labour" ADD CONSTRAINT "job_card_labour_job_card_id_fk" FOREIGN KEY ("tenant_id","job_card_id") REFERENCES "public"."job_cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_card_parts" ADD CONSTRAINT "job_card_parts_job_card_id_fk" FOREIGN KEY ("tenant_id","job_card_id") REFERENCES "public"."job_cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_card_parts" ADD CONSTRAINT "job_card_parts_spare_part_id_fk" FOREIGN KEY ("tenant_id","spare_part_id") REFERENCES "public"."spare_parts"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_assigned_to_fk" FOREIGN KEY ("tenant_id","assigned_to") REFERENCES "public"."technicians"("tenant_id","id") ON DELETE SET NULL ("assigned_to") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fleet_vehicles" ADD CONSTRAINT "fleet_vehicles_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_technician_id_fk" FOREIGN KEY ("tenant_id","technician_id") REFERENCES "public"."technicians"("tenant_id","id") ON DELETE SET NULL ("technician_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointment_status_history" ADD CONSTRAINT "appointment_status_history_appointment_id_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointment_status_history" ADD CONSTRAINT "appointment_status_history_changed_by_fk" FOREIGN KEY ("tenant_id","changed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("changed_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE SET NULL ("vehicle_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_assigned_to_fk" FOREIGN KEY ("tenant_id","assigned_to") REFERENCES "public"."technicians"("tenant_id","id") ON DELETE SET NULL ("assigned_to") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_shift_id_fk" FOREIGN KEY ("tenant_id","shift_id") REFERENCES "public"."shifts"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "maintenance_schedules" ADD CONSTRAINT "maintenance_schedules_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_maintenance_schedule_id_fk" FOREIGN KEY ("tenant_id","maintenance_schedule_id") REFERENCES "public"."maintenance_schedules"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_estimate_id_fk" FOREIGN KEY ("tenant_id","estimate_id") REFERENCES "public"."estimates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_spare_part_id_fk" FOREIGN KEY ("tenant_id","spare_part_id") REFERENCES "public"."spare_parts"("tenant_id","id") ON DELETE SET NULL ("spare_part_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_spare_part_id_fk" FOREIGN KEY ("tenant_id","spare_part_id") REFERENCES "public"."spare_parts"("tenant_id","id") ON DELETE SET NULL ("spare_part_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_card_id_fk" FOREIGN KEY ("tenant_id","job_card_id") REFERENCES "public"."job_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_estimate_id_fk" FOREIGN KEY ("tenant_id","estimate_id") REFERENCES "public"."estimates"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
