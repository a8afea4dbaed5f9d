-- Keeps report_days (the analytics reports' daily sums, report-days.table.ts) in step with the
-- rows they sum, in the same transaction as every change: statement-level triggers with
-- transition tables subtract what the changed rows counted for before and add what they count
-- for now, in one upsert in key order (as job_card_days, 0028: two statements that touch the same
-- days lock them in the same order). A workshop day is the workshop's time zone's; a workshop
-- whose zone changes is counted again.
--
-- Every job card is counted as a visit of its customer, and every completed one as a visit of its
-- vehicle, so the customers report adds up the customers served in a period, and the jobs report
-- its car count, from the summary (without it: 0.16 s and 0.05 s over the job cards of a year on
-- the bench). A visit is counted twice on its day: by the month (yyyymm) of the same customer's
-- (vehicle's) previous visit, 0 for a first (`visit`, `car`); and, when there is a next one, by
-- its day as yyyymmdd (`next_visit`, `next_car`). The customers (vehicles) served from `from` to `to` are the visits in the period
-- whose previous month is before from's month (a first included), and the visits from the start
-- of from's month to the day before `from` whose next one falls in the period (each such
-- customer's last visit before it). The parts used also get a daily total (subject 0), so the
-- period's totals do not add up every part.
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
-- the labour hours and the revenue; and each part it used, with the parts' daily total.
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
  SELECT d.tenant_id, m.measure, d.day, CASE WHEN m.measure = 'part_used' THEN u.spare_part_id ELSE 0 END, 0,
    sign * u.quantity, sign * u.quantity * u.unit_price
  FROM done d JOIN job_card_parts u ON u.tenant_id = d.tenant_id AND u.job_card_id = d.id
  CROSS JOIN (VALUES ('part_used'::varchar), ('parts_total')) m (measure)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_of_labour(rows job_card_labour[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT j.tenant_id, 'job_done'::varchar, workshop_day(j.tenant_id, j.completed_date), j.assigned_to, 0, sign * l.hours, 0::numeric
  FROM unnest(rows) l JOIN job_cards j ON j.tenant_id = l.tenant_id AND j.id = l.job_card_id
  WHERE j.status = 'completed' AND j.completed_date IS NOT NULL AND j.assigned_to IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_of_part_lines(rows job_card_parts[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT j.tenant_id, m.measure, workshop_day(j.tenant_id, j.completed_date), CASE WHEN m.measure = 'part_used' THEN u.spare_part_id ELSE 0 END,
    0, sign * u.quantity, sign * u.quantity * u.unit_price
  FROM unnest(rows) u JOIN job_cards j ON j.tenant_id = u.tenant_id AND j.id = u.job_card_id
  CROSS JOIN (VALUES ('part_used'::varchar), ('parts_total')) m (measure)
  WHERE j.status = 'completed' AND j.completed_date IS NOT NULL
$$;
--> statement-breakpoint
CREATE TYPE report_visit AS (tenant_id integer, party integer, at timestamptz, id integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_of_visits(visits report_visit[], measure varchar, next_measure varchar, sign integer)
RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  WITH v AS (
    SELECT v.tenant_id, v.day, lag(v.day) OVER w AS previous_day, lead(v.day) OVER w AS next_day
    FROM (SELECT v.tenant_id, v.party, v.at, v.id, workshop_day(v.tenant_id, v.at) AS day FROM unnest(visits) v) v
    WINDOW w AS (PARTITION BY v.tenant_id, v.party ORDER BY v.at, v.id)
  )
  SELECT v.tenant_id, measure, v.day, coalesce(to_char(v.previous_day, 'YYYYMM')::integer, 0), sign, 0::numeric, 0::numeric
  FROM v
  UNION ALL
  SELECT v.tenant_id, next_measure, v.day, to_char(v.next_day, 'YYYYMMDD')::integer, sign, 0, 0
  FROM v WHERE v.next_day IS NOT NULL
$$;
--> statement-breakpoint
-- The visits of a set of job cards that holds all of their customers' (and vehicles') job cards.
CREATE OR REPLACE FUNCTION report_days_of_job_card_visits(rows job_cards[], sign integer) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  SELECT * FROM report_days_of_visits(
    ARRAY(SELECT (j.tenant_id, j.customer_id, j.created_at, j.id)::report_visit FROM unnest(rows) j), 'visit', 'next_visit', sign)
  UNION ALL
  SELECT * FROM report_days_of_visits(
    ARRAY(SELECT (j.tenant_id, j.vehicle_id, j.completed_date, j.id)::report_visit FROM unnest(rows) j
          WHERE j.status = 'completed' AND j.completed_date IS NOT NULL), 'car', 'next_car', sign)
$$;
--> statement-breakpoint
-- The visits of the customers and vehicles of the changed job cards: before the statement (their
-- job cards now, less the changed ones as they are, plus the changed ones as they were) and now.
CREATE OR REPLACE FUNCTION report_days_visits_changed(gone job_cards[], came job_cards[]) RETURNS SETOF report_day LANGUAGE sql STABLE AS $$
  WITH changed AS (
    SELECT * FROM unnest(gone) UNION ALL SELECT * FROM unnest(came)
  ),
  touched AS (
    SELECT j.id FROM job_cards j JOIN (SELECT DISTINCT tenant_id, customer_id FROM changed) c
      ON c.tenant_id = j.tenant_id AND c.customer_id = j.customer_id
    UNION
    SELECT j.id FROM job_cards j JOIN (SELECT DISTINCT tenant_id, vehicle_id FROM changed) c
      ON c.tenant_id = j.tenant_id AND c.vehicle_id = j.vehicle_id
  ),
  -- (A customer whose job cards are here only through a touched vehicle counts the same job cards
  -- before and now, so those partial counts cancel out.)
  now AS (
    SELECT j FROM job_cards j WHERE j.id IN (SELECT id FROM touched)
  ),
  before AS (
    SELECT n.j FROM now n WHERE NOT EXISTS (SELECT 1 FROM unnest(came) c WHERE c.id = (n.j).id)
    UNION ALL
    SELECT g FROM unnest(gone) g
  )
  SELECT * FROM report_days_of_job_card_visits(ARRAY(SELECT j FROM before), -1)
  UNION ALL
  SELECT * FROM report_days_of_job_card_visits(ARRAY(SELECT j FROM now), 1)
$$;
--> statement-breakpoint
-- A workshop counted afresh (its time zone changed, or the summary is new), a slice of 20,000 ids
-- at a time: the embedded database cannot hold a large workshop's job cards in one array. An
-- invoice's share of its job card's revenue and of its estimate's conversion is counted here with
-- the job card and the estimate, so only what it is invoiced for is taken from the invoices; the
-- visits are counted by slices of customers and of vehicles, each with all of its job cards.
CREATE OR REPLACE FUNCTION report_days_rebuild(workshop integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  step constant integer := 20000;
  lo integer;
BEGIN
  DELETE FROM report_days WHERE tenant_id = workshop;
  FOR lo IN SELECT generate_series(min(id), max(id), step) FROM invoices WHERE tenant_id = workshop LOOP
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_invoices(ARRAY(
      SELECT i FROM invoices i WHERE i.tenant_id = workshop AND i.id >= lo AND i.id < lo + step), 1) d WHERE d.measure = 'invoiced'));
  END LOOP;
  FOR lo IN SELECT generate_series(min(id), max(id), step) FROM payments WHERE tenant_id = workshop LOOP
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_payments(ARRAY(
      SELECT p FROM payments p WHERE p.tenant_id = workshop AND p.id >= lo AND p.id < lo + step), 1) d));
  END LOOP;
  FOR lo IN SELECT generate_series(min(id), max(id), step) FROM tasks WHERE tenant_id = workshop LOOP
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_tasks(ARRAY(
      SELECT k FROM tasks k WHERE k.tenant_id = workshop AND k.id >= lo AND k.id < lo + step), 1) d));
  END LOOP;
  FOR lo IN SELECT generate_series(min(id), max(id), step) FROM estimates WHERE tenant_id = workshop LOOP
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_estimates(ARRAY(
      SELECT e FROM estimates e WHERE e.tenant_id = workshop AND e.id >= lo AND e.id < lo + step), 1) d));
  END LOOP;
  FOR lo IN SELECT generate_series(min(id), max(id), step) FROM job_cards WHERE tenant_id = workshop LOOP
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_job_cards(ARRAY(
      SELECT j FROM job_cards j WHERE j.tenant_id = workshop AND j.id >= lo AND j.id < lo + step), 1) d));
  END LOOP;
  FOR lo IN SELECT generate_series(min(customer_id), max(customer_id), step) FROM job_cards WHERE tenant_id = workshop LOOP
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_visits(ARRAY(
      SELECT (j.tenant_id, j.customer_id, j.created_at, j.id)::report_visit FROM job_cards j
      WHERE j.tenant_id = workshop AND j.customer_id >= lo AND j.customer_id < lo + step), 'visit', 'next_visit', 1) d));
  END LOOP;
  FOR lo IN SELECT generate_series(min(vehicle_id), max(vehicle_id), step) FROM job_cards WHERE tenant_id = workshop LOOP
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_of_visits(ARRAY(
      SELECT (j.tenant_id, j.vehicle_id, j.completed_date, j.id)::report_visit FROM job_cards j
      WHERE j.tenant_id = workshop AND j.vehicle_id >= lo AND j.vehicle_id < lo + step
        AND j.status = 'completed' AND j.completed_date IS NOT NULL), 'car', 'next_car', 1) d));
  END LOOP;
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
-- Each statement's changed job cards are picked out once, and an edit that changes nothing counted
-- here (notes, priority, a description) costs no more than that.
CREATE OR REPLACE FUNCTION report_days_on_job_cards() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  done_before job_cards[];
  done_now job_cards[];
  visits_before job_cards[];
  visits_now job_cards[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_days_apply(ARRAY(
      SELECT d FROM report_days_of_job_cards(ARRAY(SELECT n::job_cards FROM new_rows n), 1) d
      UNION ALL SELECT d FROM report_days_visits_changed('{}', ARRAY(SELECT n::job_cards FROM new_rows n)) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_days_apply(ARRAY(SELECT d FROM report_days_visits_changed(ARRAY(SELECT o::job_cards FROM old_rows o), '{}') d));
  ELSE
    SELECT
      array_agg(o::job_cards) FILTER (WHERE (o.tenant_id, o.status, o.completed_date, o.assigned_to)
        IS DISTINCT FROM (n.tenant_id, n.status, n.completed_date, n.assigned_to)),
      array_agg(n::job_cards) FILTER (WHERE (o.tenant_id, o.status, o.completed_date, o.assigned_to)
        IS DISTINCT FROM (n.tenant_id, n.status, n.completed_date, n.assigned_to)),
      array_agg(o::job_cards) FILTER (WHERE (o.tenant_id, o.customer_id, o.created_at, o.vehicle_id, o.status = 'completed', o.completed_date)
        IS DISTINCT FROM (n.tenant_id, n.customer_id, n.created_at, n.vehicle_id, n.status = 'completed', n.completed_date)),
      array_agg(n::job_cards) FILTER (WHERE (o.tenant_id, o.customer_id, o.created_at, o.vehicle_id, o.status = 'completed', o.completed_date)
        IS DISTINCT FROM (n.tenant_id, n.customer_id, n.created_at, n.vehicle_id, n.status = 'completed', n.completed_date))
    INTO done_before, done_now, visits_before, visits_now
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
    IF done_before IS NOT NULL OR visits_before IS NOT NULL THEN
      PERFORM report_days_apply(ARRAY(
        SELECT d FROM report_days_of_job_cards(coalesce(done_before, '{}'), -1) d
        UNION ALL SELECT d FROM report_days_of_job_cards(coalesce(done_now, '{}'), 1) d
        UNION ALL SELECT d FROM report_days_visits_changed(coalesce(visits_before, '{}'), coalesce(visits_now, '{}')) d));
    END IF;
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
