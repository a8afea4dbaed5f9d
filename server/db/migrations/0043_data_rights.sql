CREATE TABLE "user_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"consent_type" varchar(30) NOT NULL,
	"consent_given" boolean NOT NULL,
	"consent_version" varchar(20) NOT NULL,
	"source" varchar(20) NOT NULL,
	"ip_address" varchar(64),
	"user_agent" varchar(300),
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gdpr_data_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gdpr_data_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"customer_id" integer,
	"request_type" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"request_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"response_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"handled_by" integer,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_recorded_by_fk" FOREIGN KEY ("tenant_id","recorded_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("recorded_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_data_requests" ADD CONSTRAINT "gdpr_data_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_data_requests" ADD CONSTRAINT "gdpr_data_requests_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_data_requests" ADD CONSTRAINT "gdpr_data_requests_handled_by_fk" FOREIGN KEY ("tenant_id","handled_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("handled_by") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_consents_customer_idx" ON "user_consents" USING btree ("tenant_id","customer_id","consent_type","id");--> statement-breakpoint
CREATE INDEX "gdpr_data_requests_customer_idx" ON "gdpr_data_requests" USING btree ("tenant_id","customer_id","id");--> statement-breakpoint
-- custom
-- Every table tells the kept answers to go (migration 0034).
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_consents FOR EACH STATEMENT EXECUTE FUNCTION data_changed_notify();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gdpr_data_requests FOR EACH STATEMENT EXECUTE FUNCTION data_changed_notify();
--> statement-breakpoint
-- Workshop records: their changes are in the audit log (migration 0035).
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON user_consents FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON gdpr_data_requests FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
-- An entry's `details` with the values of `fields` in its changes replaced by "[erased]" (a null
-- stays null, so "was set" and "was cleared" still read): what a customer's erasure leaves of the
-- entries about their records. The field names, who, when and what action stay.
CREATE OR REPLACE FUNCTION audit_erased_details(details jsonb, fields text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(details -> 'changes') = 'object' THEN
    jsonb_set(details, '{changes}', coalesce((
      SELECT jsonb_object_agg(c.field, CASE WHEN c.field = ANY (fields) AND jsonb_typeof(c.value) = 'array' THEN (
        SELECT jsonb_agg(CASE WHEN jsonb_typeof(e.v) = 'null' THEN e.v ELSE '"[erased]"'::jsonb END ORDER BY e.n)
          FROM jsonb_array_elements(c.value) WITH ORDINALITY AS e(v, n)
      ) ELSE c.value END)
        FROM jsonb_each(details -> 'changes') AS c(field, value)
    ), '{}'::jsonb))
  ELSE details END
$$;
--> statement-breakpoint
-- Append-only, as in migration 0035, with one more exception: a customer's erasure
-- (`workbay.audit_erase` set, in its own transaction, to the workshop's id) may rewrite the
-- `details` of that workshop's entries, and nothing else of them, so the personal values the
-- entries kept before and after each change go with the customer's.
CREATE OR REPLACE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('workbay.audit_purge', true) = 'on'
       AND OLD.created_at < now() - make_interval(days => (SELECT audit_retention_days(config) FROM tenants WHERE id = OLD.tenant_id)) THEN
      RETURN OLD;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF current_setting('workbay.audit_erase', true) = OLD.tenant_id::text
       AND (to_jsonb(NEW) - 'details') = (to_jsonb(OLD) - 'details') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
