DROP INDEX "audit_logs_tenant_id_idx";--> statement-breakpoint
DROP INDEX "audit_logs_tenant_resource_idx";--> statement-breakpoint
DROP INDEX "audit_logs_tenant_user_idx";--> statement-breakpoint
DROP INDEX "audit_logs_tenant_action_idx";--> statement-breakpoint
DROP INDEX "audit_logs_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_time_idx" ON "audit_logs" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_kind_time_idx" ON "audit_logs" USING btree ("tenant_id","resource_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_record_time_idx" ON "audit_logs" USING btree ("tenant_id","resource_type","resource_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_user_time_idx" ON "audit_logs" USING btree ("tenant_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_action_time_idx" ON "audit_logs" USING btree ("tenant_id","action","created_at","id");