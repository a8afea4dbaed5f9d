DROP INDEX "tasks_tenant_unassigned_idx";--> statement-breakpoint
CREATE INDEX "tasks_tenant_unassigned_idx" ON "tasks" USING btree ("tenant_id","status","id") WHERE technician_id is null;