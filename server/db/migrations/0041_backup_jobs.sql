CREATE TABLE "backup_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"requested_by" integer,
	"job_type" varchar(20) DEFAULT 'export' NOT NULL,
	"status" varchar(20) DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"file_name" varchar(255),
	"file_size" bigint,
	"data_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"error_message" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_jobs" ADD CONSTRAINT "backup_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_jobs" ADD CONSTRAINT "backup_jobs_requested_by_fk" FOREIGN KEY ("tenant_id","requested_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("requested_by") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_jobs_tenant_idx" ON "backup_jobs" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_jobs_one_running_key" ON "backup_jobs" USING btree ("tenant_id") WHERE "backup_jobs"."status" in ('queued', 'running');--> statement-breakpoint
-- custom
-- Every table tells the kept answers to go (migration 0034).
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON backup_jobs FOR EACH STATEMENT EXECUTE FUNCTION data_changed_notify();
