DROP INDEX "tasks_technician_status_idx";--> statement-breakpoint
CREATE INDEX "tasks_tenant_technician_status_idx" ON "tasks" USING btree ("tenant_id","technician_id","status");