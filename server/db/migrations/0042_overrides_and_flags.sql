CREATE TABLE "feature_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feature_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"flag_name" varchar(50) NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"source" varchar(10) DEFAULT 'admin' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_flags_source" CHECK ("feature_flags"."source" in ('admin', 'default'))
);
--> statement-breakpoint
CREATE TABLE "permission_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permission_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"resource" varchar(50) NOT NULL,
	"action" varchar(50) NOT NULL,
	"allowed" boolean NOT NULL,
	"reason" varchar(500),
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_updated_by_fk" FOREIGN KEY ("tenant_id","updated_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("updated_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_overrides" ADD CONSTRAINT "permission_overrides_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_overrides" ADD CONSTRAINT "permission_overrides_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_overrides" ADD CONSTRAINT "permission_overrides_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feature_flags_tenant_flag_key" ON "feature_flags" USING btree ("tenant_id","flag_name");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_overrides_user_permission_key" ON "permission_overrides" USING btree ("tenant_id","user_id","resource","action");--> statement-breakpoint
-- custom
-- Every table tells the kept answers to go (migration 0034).
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permission_overrides FOR EACH STATEMENT EXECUTE FUNCTION data_changed_notify();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feature_flags FOR EACH STATEMENT EXECUTE FUNCTION data_changed_notify();
--> statement-breakpoint
-- The session's user carries its unexpired overrides and its workshop's modules turned off (the
-- access guard decides by them): every process forgets the sessions it kept when either changes,
-- as for users and workshops (migration 0025).
CREATE TRIGGER permission_overrides_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permission_overrides FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
CREATE TRIGGER feature_flags_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feature_flags FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
-- Workshop records: every grant, denial, removal and module switch is in the audit log (migration 0035).
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON permission_overrides FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON feature_flags FOR EACH ROW EXECUTE FUNCTION audit_row();
