-- Attachments are audited like the other workshop records: who attached or removed which file,
-- to what, its name, type and size; never its bytes (the `content` column is the trigger's argument).
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON attachments FOR EACH ROW EXECUTE FUNCTION audit_row('content');
