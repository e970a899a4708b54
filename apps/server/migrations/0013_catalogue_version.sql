CREATE TABLE "catalogue_versions" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "appointments_resource_active_idx" ON "appointments" USING btree ("resources_id","ends_at") WHERE active;--> statement-breakpoint
CREATE POLICY "catalogue_versions_tenant_isolation" ON "catalogue_versions" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Every change of a table the booking engine caches gives its tenant's catalogue version a
-- new random value. Deferred to the commit: the version row is locked only from then until the
-- commit ends, after every row lock of the transaction, so two administrators' transactions
-- may wait for each other there but never deadlock on it; and the change and the new version
-- become visible together.
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_versions" AS v ("tenant_id")
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."tenant_id" ELSE NEW."tenant_id" END)
    ON CONFLICT ("tenant_id") DO UPDATE SET "version" = gen_random_uuid();
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['resources', 'resources_visibility', 'resources_auths', 'resources_types',
    'resources_type_auths', 'resources_rule_templates', 'resources_months', 'resources_dates',
    'resources_weeks', 'resources_time_slots', 'resources_no_reservation_configs',
    'resources_available_number_rules', 'appointment_number_limit_rules']
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"()',
      t || '_catalogue_version', t);
  END LOOP;
END
$$;
