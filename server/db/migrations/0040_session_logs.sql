CREATE TABLE "session_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "session_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"outcome" varchar(10) DEFAULT 'success' NOT NULL,
	"failure_reason" varchar(60),
	"login_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone,
	"logout_time" timestamp with time zone,
	"end_reason" varchar(20),
	"ip_address" varchar(64),
	"user_agent" varchar(300),
	"device_type" varchar(10) NOT NULL,
	"browser" varchar(40),
	"os" varchar(40),
	"is_impersonated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "session_logs_outcome_check" CHECK ("session_logs"."outcome" in ('success', 'failed')),
	CONSTRAINT "session_logs_device_type_check" CHECK ("session_logs"."device_type" in ('desktop', 'phone', 'tablet', 'unknown')),
	CONSTRAINT "session_logs_end_reason_check" CHECK ("session_logs"."end_reason" in ('sign_out', 'revoked', 'expired', 'password_change', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "log_id" integer;--> statement-breakpoint
ALTER TABLE "session_logs" ADD CONSTRAINT "session_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_logs" ADD CONSTRAINT "session_logs_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_logs_tenant_login_idx" ON "session_logs" USING btree ("tenant_id","login_time","id");--> statement-breakpoint
CREATE INDEX "session_logs_tenant_user_login_idx" ON "session_logs" USING btree ("tenant_id","user_id","login_time");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_log_id_session_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."session_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_log_idx" ON "sessions" USING btree ("log_id");--> statement-breakpoint
-- custom
-- Every table tells the kept answers to go (migration 0034), but a session's last-seen time,
-- written about once a minute per signed-in browser, changes no kept answer: leaving it out keeps
-- those writes from emptying every process's answers each time.
CREATE TRIGGER data_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF tenant_id, user_id, outcome, failure_reason, login_time, logout_time, end_reason, ip_address, user_agent, device_type, browser, os, is_impersonated ON session_logs FOR EACH STATEMENT EXECUTE FUNCTION data_changed_notify();
--> statement-breakpoint
-- The sessions already signed in get their entry, so they are listed and can be signed out.
DO $$
DECLARE
  s record;
  entry integer;
BEGIN
  FOR s IN SELECT x.sid, x.sess, u.tenant_id, u.id AS user_id FROM sessions x JOIN users u ON u.id = x.user_id WHERE x.expire > now() LOOP
    INSERT INTO session_logs (tenant_id, user_id, login_time, last_seen, ip_address, user_agent, device_type)
    VALUES (
      s.tenant_id,
      s.user_id,
      coalesce((s.sess->>'createdAt')::timestamptz, now()),
      coalesce((s.sess->>'createdAt')::timestamptz, now()),
      left(s.sess->>'ip', 64),
      left(s.sess->>'userAgent', 300),
      'unknown'
    )
    RETURNING id INTO entry;
    UPDATE sessions SET log_id = entry WHERE sid = s.sid;
  END LOOP;
END
$$;
