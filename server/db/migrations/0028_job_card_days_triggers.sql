-- Keeps job_card_days (the analytics jobs report's summary) in step with job_cards and invoices,
-- in the same transaction as every change: statement-level triggers with transition tables, each
-- subtracting what the changed rows counted for before and adding what they count for now, in one
-- upsert in key order (as job_card_counts, 0012). A workshop day is the workshop's time zone's; a
-- workshop whose zone changes is counted again.

-- What one job card counts for: the day it was opened (by its status now) and, once completed, the
-- day it was completed, with its open-to-complete seconds and its invoice's total (not cancelled).
CREATE OR REPLACE FUNCTION job_card_day_parts(
  opened_at timestamptz, completed_at timestamptz, card_status varchar, tz text, amount numeric
) RETURNS TABLE (day date, status varchar, opened int, completed int, cycle_seconds numeric, invoiced int, revenue numeric)
LANGUAGE sql STABLE AS $$
  SELECT (opened_at AT TIME ZONE tz)::date, card_status, 1, 0, 0::numeric, 0, 0::numeric
  UNION ALL
  SELECT (completed_at AT TIME ZONE tz)::date, 'completed'::varchar, 0, 1,
         extract(epoch FROM completed_at - opened_at), (amount IS NOT NULL)::int, coalesce(amount, 0)
  WHERE card_status = 'completed' AND completed_at IS NOT NULL
$$;
--> statement-breakpoint
-- Takes away what `gone` counted for and adds what `came` counts for (the rows of one statement,
-- before and after), with the invoices as they are now: one upsert in key order, so two
-- statements that change the same days lock them in the same order (no deadlock).
CREATE OR REPLACE FUNCTION job_card_days_add(gone job_cards[], came job_cards[]) RETURNS void LANGUAGE sql AS $$
  WITH cards AS (
    SELECT j.id, j.tenant_id, j.service_type, j.status, j.created_at, j.completed_date, -1 AS sign FROM unnest(gone) j
    UNION ALL
    SELECT j.id, j.tenant_id, j.service_type, j.status, j.created_at, j.completed_date, 1 FROM unnest(came) j
  )
  INSERT INTO job_card_days AS d (tenant_id, day, service_type, status, opened, completed, cycle_seconds, invoiced, revenue)
  SELECT c.tenant_id, p.day, c.service_type, p.status, sum(c.sign * p.opened), sum(c.sign * p.completed),
         sum(c.sign * p.cycle_seconds), sum(c.sign * p.invoiced), sum(c.sign * p.revenue)
  FROM cards c
  JOIN tenants t ON t.id = c.tenant_id
  LEFT JOIN invoices i ON i.tenant_id = c.tenant_id AND i.job_card_id = c.id AND i.status <> 'cancelled'
  CROSS JOIN LATERAL job_card_day_parts(c.created_at, c.completed_date, c.status, t.time_zone, i.total_amount) p
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.sign * p.opened) <> 0 OR sum(c.sign * p.completed) <> 0 OR sum(c.sign * p.cycle_seconds) <> 0
      OR sum(c.sign * p.invoiced) <> 0 OR sum(c.sign * p.revenue) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, day, service_type, status) DO UPDATE SET
    opened = d.opened + excluded.opened, completed = d.completed + excluded.completed,
    cycle_seconds = d.cycle_seconds + excluded.cycle_seconds, invoiced = d.invoiced + excluded.invoiced,
    revenue = d.revenue + excluded.revenue
$$;
--> statement-breakpoint
-- The same for invoices: what they add to their completed job card's day, as the job card is now.
CREATE OR REPLACE FUNCTION job_card_days_add_invoices(gone invoices[], came invoices[]) RETURNS void LANGUAGE sql AS $$
  WITH bills AS (
    SELECT i.job_card_id, i.tenant_id, i.total_amount, -1 AS sign FROM unnest(gone) i WHERE i.status <> 'cancelled'
    UNION ALL
    SELECT i.job_card_id, i.tenant_id, i.total_amount, 1 FROM unnest(came) i WHERE i.status <> 'cancelled'
  )
  INSERT INTO job_card_days AS d (tenant_id, day, service_type, status, invoiced, revenue)
  SELECT j.tenant_id, (j.completed_date AT TIME ZONE t.time_zone)::date, j.service_type, 'completed',
         sum(b.sign), sum(b.sign * b.total_amount)
  FROM bills b
  JOIN job_cards j ON j.tenant_id = b.tenant_id AND j.id = b.job_card_id
  JOIN tenants t ON t.id = j.tenant_id
  WHERE j.status = 'completed' AND j.completed_date IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(b.sign) <> 0 OR sum(b.sign * b.total_amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, day, service_type, status) DO UPDATE SET
    invoiced = d.invoiced + excluded.invoiced, revenue = d.revenue + excluded.revenue
$$;
--> statement-breakpoint
-- A workshop's days counted afresh (its time zone changed, or the summary is new).
CREATE OR REPLACE FUNCTION job_card_days_rebuild(workshop int) RETURNS void LANGUAGE sql AS $$
  DELETE FROM job_card_days WHERE tenant_id = workshop;
  INSERT INTO job_card_days (tenant_id, day, service_type, status, opened, completed, cycle_seconds, invoiced, revenue)
  SELECT j.tenant_id, p.day, j.service_type, p.status, sum(p.opened), sum(p.completed), sum(p.cycle_seconds), sum(p.invoiced), sum(p.revenue)
  FROM job_cards j
  JOIN tenants t ON t.id = j.tenant_id
  LEFT JOIN invoices i ON i.tenant_id = j.tenant_id AND i.job_card_id = j.id AND i.status <> 'cancelled'
  CROSS JOIN LATERAL job_card_day_parts(j.created_at, j.completed_date, j.status, t.time_zone, i.total_amount) p
  WHERE j.tenant_id = workshop
  GROUP BY 1, 2, 3, 4
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_card_days_on_job_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM job_card_days_add('{}', ARRAY(SELECT n::job_cards FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM job_card_days_add(ARRAY(SELECT o::job_cards FROM old_rows o), '{}');
  ELSE
    -- Only the rows whose counting changed (a note or a priority changes nothing here).
    PERFORM job_card_days_add(
      ARRAY(SELECT o::job_cards FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.tenant_id, o.status, o.service_type, o.created_at, o.completed_date)
              IS DISTINCT FROM (n.tenant_id, n.status, n.service_type, n.created_at, n.completed_date)),
      ARRAY(SELECT n::job_cards FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.tenant_id, o.status, o.service_type, o.created_at, o.completed_date)
              IS DISTINCT FROM (n.tenant_id, n.status, n.service_type, n.created_at, n.completed_date)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_card_days_on_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM job_card_days_add_invoices('{}', ARRAY(SELECT n::invoices FROM new_rows n WHERE n.job_card_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM job_card_days_add_invoices(ARRAY(SELECT o::invoices FROM old_rows o WHERE o.job_card_id IS NOT NULL), '{}');
  ELSE
    PERFORM job_card_days_add_invoices(
      ARRAY(SELECT o::invoices FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE o.job_card_id IS NOT NULL AND (o.job_card_id, o.status = 'cancelled', o.total_amount)
              IS DISTINCT FROM (n.job_card_id, n.status = 'cancelled', n.total_amount)),
      ARRAY(SELECT n::invoices FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE n.job_card_id IS NOT NULL AND (o.job_card_id, o.status = 'cancelled', o.total_amount)
              IS DISTINCT FROM (n.job_card_id, n.status = 'cancelled', n.total_amount)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_card_days_on_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM job_card_days_rebuild(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER job_card_days_insert AFTER INSERT ON job_cards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_card_days_on_job_cards();
--> statement-breakpoint
CREATE TRIGGER job_card_days_update AFTER UPDATE ON job_cards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_card_days_on_job_cards();
--> statement-breakpoint
CREATE TRIGGER job_card_days_delete AFTER DELETE ON job_cards
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_card_days_on_job_cards();
--> statement-breakpoint
CREATE TRIGGER job_card_days_invoice_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_card_days_on_invoices();
--> statement-breakpoint
CREATE TRIGGER job_card_days_invoice_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_card_days_on_invoices();
--> statement-breakpoint
CREATE TRIGGER job_card_days_invoice_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_card_days_on_invoices();
--> statement-breakpoint
CREATE TRIGGER job_card_days_time_zone AFTER UPDATE OF time_zone ON tenants
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION job_card_days_on_time_zone();
--> statement-breakpoint
SELECT job_card_days_rebuild(id) FROM tenants;
