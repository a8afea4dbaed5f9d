CREATE INDEX "customers_tenant_phone_idx" ON "customers" USING btree ("tenant_id","phone");--> statement-breakpoint
CREATE INDEX "customers_tenant_email_idx" ON "customers" USING btree ("tenant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "vehicles_tenant_plate_idx" ON "vehicles" USING btree ("tenant_id",upper("plate_number"));--> statement-breakpoint
CREATE INDEX "vehicles_tenant_vin_idx" ON "vehicles" USING btree ("tenant_id",upper("vin"));--> statement-breakpoint
-- The planner learns what the new expressions hold (a plate is one vehicle) only from ANALYZE; without it a
-- LIMIT tempts it into a sequential scan.
ANALYZE "customers";--> statement-breakpoint
ANALYZE "vehicles";