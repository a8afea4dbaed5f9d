-- Keeps job_card_counts in step with job_cards, in the same transaction as every change.
-- Statement-level triggers with transition tables (as for task_counts): one small aggregate per
-- statement, so a bulk insert of a million job cards costs one upsert per (workshop, status,
-- priority) group, not one per row. Groups are upserted in key order, so two statements that
-- change the same counters lock them in the same order (no deadlock).
CREATE OR REPLACE FUNCTION job_card_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_card_counts (tenant_id, status, priority, n)
    SELECT tenant_id, status, priority, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, status, priority) DO UPDATE SET n = job_card_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO job_card_counts (tenant_id, status, priority, n)
    SELECT tenant_id, status, priority, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, status, priority) DO UPDATE SET n = job_card_counts.n + excluded.n;
  ELSE
    INSERT INTO job_card_counts (tenant_id, status, priority, n)
    SELECT tenant_id, status, priority, sum(d) FROM (
      SELECT tenant_id, status, priority, 1 AS d FROM new_rows
      UNION ALL
      SELECT tenant_id, status, priority, -1 FROM old_rows
    ) changes GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, status, priority) DO UPDATE SET n = job_card_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER job_cards_count_insert AFTER INSERT ON job_cards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_card_counts_apply();
--> statement-breakpoint
CREATE TRIGGER job_cards_count_update AFTER UPDATE ON job_cards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_card_counts_apply();
--> statement-breakpoint
CREATE TRIGGER job_cards_count_delete AFTER DELETE ON job_cards
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_card_counts_apply();
--> statement-breakpoint
INSERT INTO job_card_counts (tenant_id, status, priority, n)
SELECT tenant_id, status, priority, count(*) FROM job_cards GROUP BY 1, 2, 3
ON CONFLICT (tenant_id, status, priority) DO UPDATE SET n = excluded.n;
