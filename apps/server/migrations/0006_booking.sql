CREATE TABLE "appointment_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"field_desc_cn" text DEFAULT '' NOT NULL,
	"field_desc_en" text DEFAULT '' NOT NULL,
	"field_value" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_collections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "appointment_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"participant_id" text DEFAULT '' NOT NULL,
	"participant_name" text DEFAULT '' NOT NULL,
	"participant_dept_id" text DEFAULT '' NOT NULL,
	"participant_dept_name" text DEFAULT '' NOT NULL,
	"operate_user_id" text DEFAULT '' NOT NULL,
	"operate_user_name" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_participants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "appointment_slot_counters" (
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_slot_counters_pk" PRIMARY KEY("resources_id","starts_at","ends_at"),
	CONSTRAINT "appointment_slot_counters_taken_ck" CHECK ("appointment_slot_counters"."taken" >= 0)
);
--> statement-breakpoint
ALTER TABLE "appointment_slot_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"resources_type_id" uuid NOT NULL,
	"resources_name" text DEFAULT '' NOT NULL,
	"resources_name_en" text DEFAULT '' NOT NULL,
	"resources_number" text DEFAULT '' NOT NULL,
	"time_slot_id" uuid,
	"appointment_date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"appointment_state" text DEFAULT '0' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"exclusive" boolean NOT NULL,
	"booking_mode" text DEFAULT '1' NOT NULL,
	"series_id" uuid,
	"flow_no" text DEFAULT '' NOT NULL,
	"created_user" text NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"appointment_user" text NOT NULL,
	"appointment_user_name" text DEFAULT '' NOT NULL,
	"dept_code" text DEFAULT '' NOT NULL,
	"dept_name" text DEFAULT '' NOT NULL,
	"dept_name_en" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"person_times" integer DEFAULT 1 NOT NULL,
	"theme" text DEFAULT '' NOT NULL,
	"theme_en" text DEFAULT '' NOT NULL,
	"enclosure" text DEFAULT '' NOT NULL,
	"enclosure_name" text DEFAULT '' NOT NULL,
	"enclosure_size" text DEFAULT '' NOT NULL,
	"participants_scope" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"event" text DEFAULT '' NOT NULL,
	"event_en" text DEFAULT '' NOT NULL,
	"entourage" text DEFAULT '' NOT NULL,
	"need_meeting_signin" text DEFAULT '0' NOT NULL,
	"wemeet_enable" text DEFAULT '0' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"cancel_user" text DEFAULT '' NOT NULL,
	"cancel_time" timestamp with time zone,
	"is_evaluate" text DEFAULT '0' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_period_ck" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_state_ck" CHECK ("appointments"."state" in ('0', '1')),
	CONSTRAINT "appointments_audit_status_ck" CHECK ("appointments"."audit_status" in ('0', '1', '2', '3')),
	CONSTRAINT "appointments_appointment_state_ck" CHECK ("appointments"."appointment_state" in ('0', '1', '2', '3'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointment_collections" ADD CONSTRAINT "appointment_collections_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD CONSTRAINT "appointment_participants_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slot_counters" ADD CONSTRAINT "appointment_slot_counters_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_collections_appt_idx" ON "appointment_collections" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_participants_appt_idx" ON "appointment_participants" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointments_resource_time_idx" ON "appointments" USING btree ("resources_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("tenant_id","appointment_user","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_creator_idx" ON "appointments" USING btree ("tenant_id","created_user","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("series_id");--> statement-breakpoint
CREATE POLICY "appointment_collections_tenant_isolation" ON "appointment_collections" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "appointment_participants_tenant_isolation" ON "appointment_participants" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "appointment_slot_counters_tenant_isolation" ON "appointment_slot_counters" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "appointments_tenant_isolation" ON "appointments" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);