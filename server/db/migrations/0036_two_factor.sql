CREATE TABLE "two_factor_auth" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "two_factor_auth_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"secret" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"backup_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_used_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor_auth" ADD CONSTRAINT "two_factor_auth_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_auth" ADD CONSTRAINT "two_factor_auth_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_auth_user_id_key" ON "two_factor_auth" USING btree ("user_id");--> statement-breakpoint
-- Every table tells the kept answers to go (migration 0034).
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON two_factor_auth FOR EACH STATEMENT EXECUTE FUNCTION data_changed_notify();
--> statement-breakpoint
-- The session's user says whether two-factor is on (and whether it must be set up): every
-- process forgets the sessions it kept when it changes, as for users and workshops (migration 0025).
CREATE TRIGGER two_factor_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON two_factor_auth FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
