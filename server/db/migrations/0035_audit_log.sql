CREATE TABLE "audit_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"action" varchar(40) NOT NULL,
	"resource_type" varchar(60) NOT NULL,
	"resource_id" varchar(60),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" varchar(64),
	"user_agent" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_id_idx" ON "audit_logs" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_resource_idx" ON "audit_logs" USING btree ("tenant_id","resource_type","resource_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_user_idx" ON "audit_logs" USING btree ("tenant_id","user_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_action_idx" ON "audit_logs" USING btree ("tenant_id","action","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_created_idx" ON "audit_logs" USING btree ("tenant_id","created_at");
--> statement-breakpoint
-- Every change to an audited table is recorded by the database itself, in the change's own
-- transaction: who (the app names the signed-in user, address and browser of the request in
-- transaction-local settings: server/db/statement-actor.ts; none for the system), what (insert,
-- update, delete of which row) and the fields that changed with their values before and after
-- (`details.changes`: {"column": [before, after]}), never the columns named as the trigger's
-- arguments (a password hash). An update that changes nothing but its timestamps is not recorded.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END;
  row_now jsonb := coalesce(new_row, old_row);
  changes jsonb := '{}'::jsonb;
  field text;
  workshop integer := (CASE WHEN TG_TABLE_NAME = 'tenants' THEN row_now ->> 'id' ELSE row_now ->> 'tenant_id' END)::integer;
  actor integer := nullif(current_setting('workbay.user_id', true), '')::integer;
BEGIN
  -- A user's own row without a workshop column (user_preferences) is the user's workshop's.
  IF workshop IS NULL AND row_now ? 'user_id' THEN
    SELECT tenant_id INTO workshop FROM users WHERE id = (row_now ->> 'user_id')::integer;
  END IF;
  IF workshop IS NULL THEN
    RETURN NULL;
  END IF;
  -- A user of another workshop (signed in while registering a new one) is not this workshop's actor.
  IF actor IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = actor AND tenant_id = workshop) THEN
    actor := NULL;
  END IF;
  FOR field IN SELECT jsonb_object_keys(row_now) LOOP
    CONTINUE WHEN field = ANY (TG_ARGV) OR field IN ('id', 'tenant_id', 'created_at', 'updated_at');
    IF TG_OP = 'UPDATE' THEN
      CONTINUE WHEN old_row -> field IS NOT DISTINCT FROM new_row -> field;
    ELSE
      CONTINUE WHEN jsonb_typeof(row_now -> field) = 'null';
    END IF;
    changes := changes || jsonb_build_object(field, jsonb_build_array(old_row -> field, new_row -> field));
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_logs (tenant_id, user_id, action, resource_type, resource_id, details, ip_address, user_agent)
  VALUES (
    workshop,
    actor,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    TG_TABLE_NAME,
    coalesce(row_now ->> 'id', row_now ->> 'user_id'),
    jsonb_build_object('changes', changes),
    nullif(current_setting('workbay.ip', true), ''),
    nullif(current_setting('workbay.user_agent', true), '')
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'appointments', 'customer_notes', 'customers', 'estimate_items', 'estimates', 'fleet_vehicles', 'invoice_items',
    'invoices', 'job_card_labour', 'job_card_parts', 'job_cards', 'maintenance_schedules', 'payments',
    'service_bookings', 'shift_assignments', 'shifts', 'skills', 'spare_parts', 'task_dependencies', 'tasks',
    'technician_skills', 'technicians', 'tenants', 'user_preferences', 'user_settings', 'vehicle_service_history',
    'vehicles'
  ] LOOP
    EXECUTE format('CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row()', t);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_row('password');
--> statement-breakpoint
-- A workshop's retention of audit entries, in days: its settings' `auditRetentionDays`, 730 by default.
CREATE OR REPLACE FUNCTION audit_retention_days(config jsonb) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((config ->> 'auditRetentionDays')::integer, 730)
$$;
--> statement-breakpoint
-- Append-only: no statement changes an entry or removes one, except the retention job's removal
-- (`workbay.audit_purge` on in its transaction) of entries older than their workshop's retention.
CREATE OR REPLACE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('workbay.audit_purge', true) = 'on'
     AND OLD.created_at < now() - make_interval(days => (SELECT audit_retention_days(config) FROM tenants WHERE id = OLD.tenant_id)) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();
--> statement-breakpoint
CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION data_changed_notify();
