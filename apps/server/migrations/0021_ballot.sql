CREATE TABLE "ballot_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"resources_name" text DEFAULT '' NOT NULL,
	"resources_name_en" text DEFAULT '' NOT NULL,
	"appointment_date" text NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"weighted" boolean DEFAULT false NOT NULL,
	"max_wins_per_person" integer DEFAULT 0 NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entries_count" integer DEFAULT 0 NOT NULL,
	"winners_count" integer DEFAULT 0 NOT NULL,
	"took_ms" integer DEFAULT 0 NOT NULL,
	"drawn_by" text DEFAULT '' NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ballot_draws" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ballot_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"appointment_date" text NOT NULL,
	"slot" text NOT NULL,
	"person" text NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_id" uuid,
	"weight" real,
	"position" integer,
	"outcome" text DEFAULT '' NOT NULL,
	"refusal" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ballot_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ballot_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"release_mode" text DEFAULT 'race' NOT NULL,
	"window_minutes" integer DEFAULT 10 NOT NULL,
	"weighted" boolean DEFAULT false NOT NULL,
	"max_wins_per_person" integer DEFAULT 0 NOT NULL,
	"update_user" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ballot_settings_kind_ck" CHECK ("ballot_settings"."target_kind" in ('type', 'resource')),
	CONSTRAINT "ballot_settings_mode_ck" CHECK ("ballot_settings"."release_mode" in ('race', 'ballot')),
	CONSTRAINT "ballot_settings_window_ck" CHECK ("ballot_settings"."window_minutes" between 1 and 1440),
	CONSTRAINT "ballot_settings_cap_ck" CHECK ("ballot_settings"."max_wins_per_person" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "ballot_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_audit_status_ck";--> statement-breakpoint
ALTER TABLE "ballot_entries" ADD CONSTRAINT "ballot_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_entries" ADD CONSTRAINT "ballot_entries_draw_id_ballot_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."ballot_draws"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_draws_once_uq" ON "ballot_draws" USING btree ("tenant_id","resources_id","appointment_date");--> statement-breakpoint
CREATE INDEX "ballot_draws_time_idx" ON "ballot_draws" USING btree ("tenant_id","drawn_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_entries_appt_uq" ON "ballot_entries" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "ballot_entries_due_idx" ON "ballot_entries" USING btree ("tenant_id","closes_at") WHERE "ballot_entries"."draw_id" is null;--> statement-breakpoint
CREATE INDEX "ballot_entries_slot_idx" ON "ballot_entries" USING btree ("tenant_id","resources_id","appointment_date");--> statement-breakpoint
CREATE INDEX "ballot_entries_draw_idx" ON "ballot_entries" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "ballot_entries_person_idx" ON "ballot_entries" USING btree ("tenant_id","person","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_settings_target_uq" ON "ballot_settings" USING btree ("tenant_id","target_kind","target_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_audit_status_ck" CHECK ("appointments"."audit_status" in ('0', '1', '2', '3', '4'));--> statement-breakpoint
CREATE POLICY "ballot_draws_tenant_isolation" ON "ballot_draws" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ballot_entries_tenant_isolation" ON "ballot_entries" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ballot_settings_tenant_isolation" ON "ballot_settings" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);