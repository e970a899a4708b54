-- The role requests run as (SET LOCAL ROLE yuyue_app in every transaction). Roles are
-- cluster-wide, so create it only where it is missing: several databases of one cluster
-- (tests, tenants' staging copies) share it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yuyue_app') THEN
    CREATE ROLE yuyue_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO yuyue_app;
--> statement-breakpoint
-- Tables created by later migrations (run by the owning role) are usable by yuyue_app;
-- row-level security then narrows every tenant-owned table to the current tenant.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO yuyue_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO yuyue_app;
