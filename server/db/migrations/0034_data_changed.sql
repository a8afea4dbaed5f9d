-- Each app process keeps the answers of some reads between requests (server/plugins/answer-cache.ts).
-- Any change to any table tells every process to forget them: one NOTIFY per statement on the live
-- channel, sent when the transaction commits (and not at all if it rolls back; several in one
-- transaction are sent once), whichever code or tool made the change. Sessions have their own
-- (migration 0025: a sign-in adds one and changes no answer). A table added later gets the same
-- trigger in its migration (server/db/migrations.test.ts fails without it).
CREATE OR REPLACE FUNCTION data_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('workbay_live', '{"kind":"data-changed"}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'sessions' ORDER BY tablename
  LOOP
    EXECUTE format(
      'CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_changed_notify()',
      t
    );
  END LOOP;
END
$$;
