-- Estimates and invoices join the tables whose rows per workshop row_counts keeps (migration
-- 0015's statement-level triggers), so an unfiltered list's X-Total-Count costs one row read.
CREATE TRIGGER estimates_row_count_insert AFTER INSERT ON estimates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER estimates_row_count_delete AFTER DELETE ON estimates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER invoices_row_count_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER invoices_row_count_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
