-- Each app process keeps the signed-in user of a session between requests (server/modules/auth/
-- session-cache.ts). Any change to sessions, users or workshops tells every process to forget
-- what it kept: one NOTIFY per statement on the live channel, sent when the transaction commits
-- (and not at all if it rolls back), whichever code or tool made the change.
CREATE OR REPLACE FUNCTION sessions_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('workbay_live', '{"kind":"sessions-changed"}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
CREATE TRIGGER tenants_changed AFTER UPDATE OR DELETE OR TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
