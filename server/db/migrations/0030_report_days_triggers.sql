-- Keeps report_days (the analytics reports' daily sums, report-days.table.ts) in step with the
-- rows they sum, in the same transaction as every change: statement-level triggers with
-- transition tables subtract what the changed rows counted for before and add what they count
-- for now, in one upsert in key order (as job_card_days, 0028: two statements that touch the same
-- days lock them in the same order). A workshop day is the workshop's time zone's; a workshop
-- whose zone changes is counted again.
CREATE TYPE report_day AS (tenant_id integer, measure varchar, day date, subject integer, n integer, quantity numeric, amount numeric);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_apply(deltas report_day[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_days AS d (tenant_id, measure, day, subject, n, quantity, amount)
  SELECT tenant_id, measure, day, subject, sum(n), sum(quantity), sum(amount) FROM unnest(deltas)
  GROUP BY 1, 2, 3, 4
  HAVING sum(n) <> 0 OR sum(quantity) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, measure, day, subject) DO UPDATE SET
    n = d.n + excluded.n, quantity = d.quantity + excluded.quantity, amount = d.amount + excluded.amount
$$;
--> statement-breakpoint
-- The workshop day of an instant.
CREATE OR REPLACE FUNCTION workshop_day(workshop integer, at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE t.time_zone)::date FROM tenants t WHERE t.id = workshop
$$;
--> statement-breakpoint
-- What invoices count for (times `sign`): invoiced on their date; the revenue of their completed
-- job card's technician on its day; their estimate converted, on the estimate's day.
CREATE OR REPLACE FUNCTION report_days_of_invoices(rows invoices[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT i.tenant_id, 'invoiced'::varchar, i.invoice_date, 0, sign, 0::numeric, sign * i.total_amount
  FROM unnest(rows) i WHERE i.status <> 'cancelled'
  UNION ALL
  SELECT j.tenant_id, 'job_done', workshop_day(j.tenant_id, j.completed_date), j.assigned_to, 0, 0, sign * i.total_amount
  FROM unnest(rows) i JOIN job_cards j ON j.tenant_id = i.tenant_id AND j.id = i.job_card_id
  WHERE i.status <> 'cancelled' AND j.status = 'completed' AND j.completed_date IS NOT NULL AND j.assigned_to IS NOT NULL
  UNION ALL
  SELECT e.tenant_id, 'converted', workshop_day(e.tenant_id, e.created_at), 0, sign, 0, sign * e.total_amount
  FROM unnest(rows) i JOIN estimates e ON e.tenant_id = i.tenant_id AND e.id = i.estimate_id
  WHERE i.status <> 'cancelled'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_of_payments(rows payments[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT p.tenant_id, 'collected'::varchar, p.payment_date, 0, sign, 0::numeric, sign * p.amount
  FROM unnest(rows) p WHERE p.status = 'completed'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_of_tasks(rows tasks[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT k.tenant_id, 'task_done'::varchar, workshop_day(k.tenant_id, k.completed_at), k.technician_id, sign, 0::numeric, 0::numeric
  FROM unnest(rows) k WHERE k.status = 'completed' AND k.completed_at IS NOT NULL AND k.technician_id IS NOT NULL
$$;
--> statement-breakpoint
-- An estimate, and (while it has an invoice that is not cancelled: at most one, invoices_estimate_key)
-- its conversion.
CREATE OR REPLACE FUNCTION report_days_of_estimates(rows estimates[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT e.tenant_id, m.measure, workshop_day(e.tenant_id, e.created_at), 0, sign, 0::numeric, sign * e.total_amount
  FROM unnest(rows) e
  CROSS JOIN LATERAL (
    SELECT 'estimate'::varchar AS measure
    UNION ALL
    SELECT 'converted' WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.tenant_id = e.tenant_id AND i.estimate_id = e.id AND i.status <> 'cancelled')
  ) m
$$;
--> statement-breakpoint
-- A completed job card with its lines and invoice as they are now: done by its technician, with
-- the labour hours and the revenue; and each part it used.
CREATE OR REPLACE FUNCTION report_days_of_job_cards(rows job_cards[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  WITH done AS (
    SELECT j.tenant_id, j.id, j.assigned_to, workshop_day(j.tenant_id, j.completed_date) AS day
    FROM unnest(rows) j WHERE j.status = 'completed' AND j.completed_date IS NOT NULL
  )
  SELECT d.tenant_id, 'job_done'::varchar, d.day, d.assigned_to, sign,
    sign * coalesce((SELECT sum(l.hours) FROM job_card_labour l WHERE l.tenant_id = d.tenant_id AND l.job_card_id = d.id), 0),
    sign * coalesce((SELECT sum(i.total_amount) FROM invoices i
                     WHERE i.tenant_id = d.tenant_id AND i.job_card_id = d.id AND i.status <> 'cancelled'), 0)
  FROM done d WHERE d.assigned_to IS NOT NULL
  UNION ALL
  SELECT d.tenant_id, 'part_used', d.day, u.spare_part_id, 0, sign * u.quantity, sign * u.quantity * u.unit_price
  FROM done d JOIN job_card_parts u ON u.tenant_id = d.tenant_id AND u.job_card_id = d.id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_of_labour(rows job_card_labour[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT j.tenant_id, 'job_done'::varchar, workshop_day(j.tenant_id, j.completed_date), j.assigned_to, 0, sign * l.hours, 0::numeric
  FROM unnest(rows) l JOIN job_cards j ON j.tenant_id = l.tenant_id AND j.id = l.job_card_id
  WHERE j.status = 'completed' AND j.completed_date IS NOT NULL AND j.assigned_to IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_of_part_lines(rows job_card_parts[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT j.tenant_id, 'part_used'::varchar, workshop_day(j.tenant_id, j.completed_date), u.spare_part_id, 0, sign * u.quantity,
    sign * u.quantity * u.unit_price
  FROM unnest(rows) u JOIN job_cards j ON j.tenant_id = u.tenant_id AND j.id = u.job_card_id
  WHERE j.status = 'completed' AND j.completed_date IS NOT NULL
$$;
--> statement-breakpoint
-- The day each customer's first job card was opened, over a set of job cards holding all of
-- their customers' job cards.
CREATE OR REPLACE FUNCTION report_days_of_first_jobs(rows job_cards[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT j.tenant_id, 'first_job'::varchar, workshop_day(j.tenant_id, min(j.created_at)), 0, sign, 0::numeric, 0::numeric
  FROM unnest(rows) j GROUP BY j.tenant_id, j.customer_id
$$;
--> statement-breakpoint
-- The first jobs of the customers of the changed job cards: before the statement (their job cards
-- now, less the changed ones as they are, plus the changed ones as they were) and now.
CREATE OR REPLACE FUNCTION report_days_first_jobs_changed(gone job_cards[], came job_cards[]) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  WITH touched AS (
    SELECT DISTINCT tenant_id, customer_id FROM unnest(gone) UNION SELECT tenant_id, customer_id FROM unnest(came)
  ),
  now AS (
    SELECT j FROM job_cards j JOIN touched t ON t.tenant_id = j.tenant_id AND t.customer_id = j.customer_id
  ),
  before AS (
    SELECT n.j FROM now n WHERE NOT EXISTS (SELECT 1 FROM unnest(came) c WHERE c.id = (n.j).id)
    UNION ALL
    SELECT g FROM unnest(gone) g
  )
  SELECT * FROM report_days_of_first_jobs(ARRAY(SELECT j FROM before), -1)
  UNION ALL
  SELECT * FROM report_days_of_first_jobs(ARRAY(SELECT j FROM now), 1)
$$;
--> statement-breakpoint
-- A workshop counted afresh (its time zone changed, or the summary is new). An invoice's share of
-- its job card's revenue and of its estimate's conversion is counted here with the job card and
-- the estimate, so only what it is invoiced for is taken from the invoices.
CREATE OR REPLACE FUNCTION report_days_rebuild(workshop integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_days WHERE tenant_id = workshop;
  PERFORM report_days_apply(ARRAY(
    SELECT d FROM report_days_of_invoices(ARRAY(SELECT i FROM invoices i WHERE i.tenant_id = workshop), 1) d WHERE d.measure = 'invoiced'
    UNION ALL SELECT d FROM report_days_of_payments(ARRAY(SELECT p FROM payments p WHERE p.tenant_id = workshop), 1) d
    UNION ALL SELECT d FROM report_days_of_tasks(ARRAY(SELECT k FROM tasks k WHERE k.tenant_id = workshop), 1) d
    UNION ALL SELECT d FROM report_days_of_estimates(ARRAY(SELECT e FROM estimates e WHERE e.tenant_id = workshop), 1) d
    UNION ALL SELECT d FROM report_days_of_job_cards(ARRAY(SELECT j FROM job_cards j WHERE j.tenant_id = workshop), 1) d
    UNION ALL SELECT d FROM report_days_of_first_jobs(ARRAY(SELECT j FROM job_cards j WHERE j.tenant_id = workshop), 1) d
  ));
END
$$;
--> statement-breakpoint
-- The triggers: one function per table, subtracting the old rows and adding the new. On updates
-- only the rows whose counting could change are passed (a note or a priority changes nothing).
CREATE OR REPLACE FUNCTION report_days_on_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_invoices(ARRAY(SELECT n::invoices FROM new_rows n), 1) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_invoices(ARRAY(SELECT o::invoices FROM old_rows o), -1) d));
  ELSE
    PERFORM report_days_apply(ARRAY(
      SELECT d FROM report_days_of_invoices(ARRAY(
        SELECT o::invoices FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tenant_id, o.status = 'cancelled', o.total_amount, o.invoice_date, o.job_card_id, o.estimate_id)
          IS DISTINCT FROM (n.tenant_id, n.status = 'cancelled', n.total_amount, n.invoice_date, n.job_card_id, n.estimate_id)), -1) d
      UNION ALL
      SELECT d FROM report_days_of_invoices(ARRAY(
        SELECT n::invoices FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tenant_id, o.status = 'cancelled', o.total_amount, o.invoice_date, o.job_card_id, o.estimate_id)
          IS DISTINCT FROM (n.tenant_id, n.status = 'cancelled', n.total_amount, n.invoice_date, n.job_card_id, n.estimate_id)), 1) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_on_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_payments(ARRAY(SELECT o::payments FROM old_rows o), -1) d));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_payments(ARRAY(SELECT n::payments FROM new_rows n), 1) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_on_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_tasks(ARRAY(SELECT n::tasks FROM new_rows n), 1) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_tasks(ARRAY(SELECT o::tasks FROM old_rows o), -1) d));
  ELSE
    PERFORM report_days_apply(ARRAY(
      SELECT d FROM report_days_of_tasks(ARRAY(
        SELECT o::tasks FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tenant_id, o.status, o.completed_at, o.technician_id) IS DISTINCT FROM (n.tenant_id, n.status, n.completed_at, n.technician_id)), -1) d
      UNION ALL
      SELECT d FROM report_days_of_tasks(ARRAY(
        SELECT n::tasks FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tenant_id, o.status, o.completed_at, o.technician_id) IS DISTINCT FROM (n.tenant_id, n.status, n.completed_at, n.technician_id)), 1) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Estimates with an invoice cannot be deleted (invoices_estimate_id_fk), so an estimate's
-- conversion is always counted with it.
CREATE OR REPLACE FUNCTION report_days_on_estimates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_estimates(ARRAY(SELECT n::estimates FROM new_rows n), 1) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_estimates(ARRAY(SELECT o::estimates FROM old_rows o), -1) d));
  ELSE
    PERFORM report_days_apply(ARRAY(
      SELECT d FROM report_days_of_estimates(ARRAY(
        SELECT o::estimates FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tenant_id, o.created_at, o.total_amount) IS DISTINCT FROM (n.tenant_id, n.created_at, n.total_amount)), -1) d
      UNION ALL
      SELECT d FROM report_days_of_estimates(ARRAY(
        SELECT n::estimates FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tenant_id, o.created_at, o.total_amount) IS DISTINCT FROM (n.tenant_id, n.created_at, n.total_amount)), 1) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A job card's lines go with it (ON DELETE CASCADE), so a deleted job card's work is taken away
-- row by row before it goes, while its lines and invoice are still there to count; the lines'
-- own delete trigger then finds no job card and counts nothing.
CREATE OR REPLACE FUNCTION report_days_before_job_card_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_job_cards(ARRAY[OLD], -1) d));
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_on_job_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_days_apply(ARRAY(
      SELECT d FROM report_days_of_job_cards(ARRAY(SELECT n::job_cards FROM new_rows n), 1) d
      UNION ALL SELECT d FROM report_days_first_jobs_changed('{}', ARRAY(SELECT n::job_cards FROM new_rows n)) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_first_jobs_changed(ARRAY(SELECT o::job_cards FROM old_rows o), '{}') d));
  ELSE
    PERFORM report_days_apply(ARRAY(
      SELECT d FROM report_days_of_job_cards(ARRAY(
        SELECT o::job_cards FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tenant_id, o.status, o.completed_date, o.assigned_to) IS DISTINCT FROM (n.tenant_id, n.status, n.completed_date, n.assigned_to)), -1) d
      UNION ALL
      SELECT d FROM report_days_of_job_cards(ARRAY(
        SELECT n::job_cards FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tenant_id, o.status, o.completed_date, o.assigned_to) IS DISTINCT FROM (n.tenant_id, n.status, n.completed_date, n.assigned_to)), 1) d
      UNION ALL
      SELECT d FROM report_days_first_jobs_changed(
        ARRAY(SELECT o::job_cards FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (o.tenant_id, o.customer_id, o.created_at) IS DISTINCT FROM (n.tenant_id, n.customer_id, n.created_at)),
        ARRAY(SELECT n::job_cards FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (o.tenant_id, o.customer_id, o.created_at) IS DISTINCT FROM (n.tenant_id, n.customer_id, n.created_at))) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_on_labour() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_labour(ARRAY(SELECT o::job_card_labour FROM old_rows o), -1) d));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_labour(ARRAY(SELECT n::job_card_labour FROM new_rows n), 1) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_on_part_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_part_lines(ARRAY(SELECT o::job_card_parts FROM old_rows o), -1) d));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_part_lines(ARRAY(SELECT n::job_card_parts FROM new_rows n), 1) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_on_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_days_rebuild(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_days_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_invoices();
--> statement-breakpoint
CREATE TRIGGER report_days_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_invoices();
--> statement-breakpoint
CREATE TRIGGER report_days_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_invoices();
--> statement-breakpoint
CREATE TRIGGER report_days_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_payments();
--> statement-breakpoint
CREATE TRIGGER report_days_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_payments();
--> statement-breakpoint
CREATE TRIGGER report_days_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_payments();
--> statement-breakpoint
CREATE TRIGGER report_days_insert AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_tasks();
--> statement-breakpoint
CREATE TRIGGER report_days_update AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_tasks();
--> statement-breakpoint
CREATE TRIGGER report_days_delete AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_tasks();
--> statement-breakpoint
CREATE TRIGGER report_days_insert AFTER INSERT ON estimates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_estimates();
--> statement-breakpoint
CREATE TRIGGER report_days_update AFTER UPDATE ON estimates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_estimates();
--> statement-breakpoint
CREATE TRIGGER report_days_delete AFTER DELETE ON estimates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_estimates();
--> statement-breakpoint
CREATE TRIGGER report_days_before_delete BEFORE DELETE ON job_cards
  FOR EACH ROW EXECUTE FUNCTION report_days_before_job_card_delete();
--> statement-breakpoint
CREATE TRIGGER report_days_insert AFTER INSERT ON job_cards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_job_cards();
--> statement-breakpoint
CREATE TRIGGER report_days_update AFTER UPDATE ON job_cards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_job_cards();
--> statement-breakpoint
CREATE TRIGGER report_days_delete AFTER DELETE ON job_cards
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_job_cards();
--> statement-breakpoint
CREATE TRIGGER report_days_insert AFTER INSERT ON job_card_labour
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_labour();
--> statement-breakpoint
CREATE TRIGGER report_days_update AFTER UPDATE ON job_card_labour
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_labour();
--> statement-breakpoint
CREATE TRIGGER report_days_delete AFTER DELETE ON job_card_labour
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_labour();
--> statement-breakpoint
CREATE TRIGGER report_days_insert AFTER INSERT ON job_card_parts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_part_lines();
--> statement-breakpoint
CREATE TRIGGER report_days_update AFTER UPDATE ON job_card_parts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_part_lines();
--> statement-breakpoint
CREATE TRIGGER report_days_delete AFTER DELETE ON job_card_parts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_on_part_lines();
--> statement-breakpoint
CREATE TRIGGER report_days_time_zone AFTER UPDATE OF time_zone ON tenants
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION report_days_on_time_zone();
--> statement-breakpoint
SELECT report_days_rebuild(id) FROM tenants;
