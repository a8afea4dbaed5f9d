-- Tenant 1, "My Workshop": the workshop the first account on a fresh install administers.
INSERT INTO "tenants" ("name") SELECT 'My Workshop' WHERE NOT EXISTS (SELECT 1 FROM "tenants");
