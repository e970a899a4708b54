CREATE TABLE "visitor_invitation_bearers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"bearer_type" text NOT NULL,
	"bearer_id" text NOT NULL,
	"bearer_name" text DEFAULT '' NOT NULL,
	"is_enable" integer DEFAULT 1 NOT NULL,
	"mod_user" text DEFAULT '' NOT NULL,
	"mod_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_invitation_bearers_type_ck" CHECK ("visitor_invitation_bearers"."bearer_type" in ('dept', 'post', 'user'))
);
--> statement-breakpoint
ALTER TABLE "visitor_invitation_bearers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "visitor_admin_permissions" ADD COLUMN "scope_areas" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_admin_permissions" ADD COLUMN "scope_types" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_appointments" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visitor_overall_settings" ADD COLUMN "retention_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_invitation_bearers_uq" ON "visitor_invitation_bearers" USING btree ("tenant_id","bearer_type","bearer_id");--> statement-breakpoint
CREATE POLICY "visitor_invitation_bearers_tenant_isolation" ON "visitor_invitation_bearers" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);