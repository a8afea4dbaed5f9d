ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- custom: customers erased before this column existed are erased still (their completed request).
UPDATE "customers" c SET "erased_at" = r."completed_at"
  FROM "gdpr_data_requests" r
  WHERE r."tenant_id" = c."tenant_id" AND r."customer_id" = c."id" AND r."request_type" = 'erase' AND r."status" = 'completed';
