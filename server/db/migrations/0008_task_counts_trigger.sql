-- Keeps task_counts in step with tasks, in the same transaction as every change. Statement-level
-- triggers with transition tables: one small aggregate per statement, so a bulk insert of 100,000
-- tasks costs one upsert per (workshop, status, assigned) group, not one per row.
CREATE OR REPLACE FUNCTION task_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO task_counts (tenant_id, status, assigned, n)
    SELECT tenant_id, status, technician_id IS NOT NULL, count(*) FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (tenant_id, status, assigned) DO UPDATE SET n = task_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO task_counts (tenant_id, status, assigned, n)
    SELECT tenant_id, status, technician_id IS NOT NULL, -count(*) FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (tenant_id, status, assigned) DO UPDATE SET n = task_counts.n + excluded.n;
  ELSE
    INSERT INTO task_counts (tenant_id, status, assigned, n)
    SELECT tenant_id, status, assigned, sum(d) FROM (
      SELECT tenant_id, status, technician_id IS NOT NULL AS assigned, 1 AS d FROM new_rows
      UNION ALL
      SELECT tenant_id, status, technician_id IS NOT NULL, -1 FROM old_rows
    ) changes GROUP BY 1, 2, 3 HAVING sum(d) <> 0
    ON CONFLICT (tenant_id, status, assigned) DO UPDATE SET n = task_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_count_insert AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tasks_count_update AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tasks_count_delete AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply();
--> statement-breakpoint
INSERT INTO task_counts (tenant_id, status, assigned, n)
SELECT tenant_id, status, technician_id IS NOT NULL, count(*) FROM tasks GROUP BY 1, 2, 3
ON CONFLICT (tenant_id, status, assigned) DO UPDATE SET n = excluded.n;
