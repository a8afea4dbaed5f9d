-- Keeps row_counts in step with the big tables, in the same transaction as every change.
-- Statement-level triggers with transition tables (as for task_counts and job_card_counts): one
-- upsert per workshop per statement, however many rows it touched. TG_TABLE_NAME is the entity.
CREATE OR REPLACE FUNCTION row_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (tenant_id, entity, n)
    SELECT tenant_id, TG_TABLE_NAME, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (tenant_id, entity) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (tenant_id, entity, n)
    SELECT tenant_id, TG_TABLE_NAME, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (tenant_id, entity) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_row_count_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER customers_row_count_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
INSERT INTO row_counts (tenant_id, entity, n)
SELECT tenant_id, 'customers', count(*) FROM customers GROUP BY 1
ON CONFLICT (tenant_id, entity) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE TRIGGER vehicles_row_count_insert AFTER INSERT ON vehicles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER vehicles_row_count_delete AFTER DELETE ON vehicles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
INSERT INTO row_counts (tenant_id, entity, n)
SELECT tenant_id, 'vehicles', count(*) FROM vehicles GROUP BY 1
ON CONFLICT (tenant_id, entity) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE TRIGGER service_bookings_row_count_insert AFTER INSERT ON service_bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER service_bookings_row_count_delete AFTER DELETE ON service_bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
INSERT INTO row_counts (tenant_id, entity, n)
SELECT tenant_id, 'service_bookings', count(*) FROM service_bookings GROUP BY 1
ON CONFLICT (tenant_id, entity) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE TRIGGER appointments_row_count_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER appointments_row_count_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
INSERT INTO row_counts (tenant_id, entity, n)
SELECT tenant_id, 'appointments', count(*) FROM appointments GROUP BY 1
ON CONFLICT (tenant_id, entity) DO UPDATE SET n = excluded.n;
