CREATE TABLE "visitor_admin_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"admin_user" text NOT NULL,
	"admin_user_name" text DEFAULT '' NOT NULL,
	"permission" text DEFAULT '' NOT NULL,
	"is_enable" integer DEFAULT 1 NOT NULL,
	"mod_user" text DEFAULT '' NOT NULL,
	"mod_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_admin_permissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_appointment_audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"result" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"operator_id" text DEFAULT '' NOT NULL,
	"operator_name" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_appointment_audits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"visitor_id" uuid,
	"visitor_name" text DEFAULT '' NOT NULL,
	"phone_enc" text DEFAULT '' NOT NULL,
	"phone_hash" text DEFAULT '' NOT NULL,
	"phone_mask" text DEFAULT '' NOT NULL,
	"visitor_type" text DEFAULT '1' NOT NULL,
	"in_school_date" date NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"in_school_reason" text DEFAULT '' NOT NULL,
	"in_school_area" text DEFAULT '' NOT NULL,
	"peers" integer DEFAULT 0 NOT NULL,
	"in_child" integer DEFAULT 0 NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"accept_visit_name" text DEFAULT '' NOT NULL,
	"accept_visit_phone" text DEFAULT '' NOT NULL,
	"accept_visit_unit" text DEFAULT '' NOT NULL,
	"host_user_id" uuid,
	"host_account" text DEFAULT '' NOT NULL,
	"is_car" integer DEFAULT 0 NOT NULL,
	"car_product" text DEFAULT '' NOT NULL,
	"car_card_number" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"booking_id" uuid,
	"state" integer DEFAULT 0 NOT NULL,
	"seats_held" boolean DEFAULT false NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"created_user" text DEFAULT '' NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"data_source" integer DEFAULT 1 NOT NULL,
	"del" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"mod_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_appointments_state_ck" CHECK ("visitor_appointments"."state" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "visitor_appointments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_detail_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"overall_settings_id" uuid,
	"visitor_type" text NOT NULL,
	"apply_school_resources" text DEFAULT '' NOT NULL,
	"is_invite_school_flow_path" integer DEFAULT 1 NOT NULL,
	"invite_school_flow_path" text DEFAULT '' NOT NULL,
	"is_enable_second_level" integer DEFAULT 0 NOT NULL,
	"is_enable" integer DEFAULT 1 NOT NULL,
	"mod_user" text DEFAULT '' NOT NULL,
	"mod_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_detail_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"apply_id" uuid,
	"pass_serial" text DEFAULT '' NOT NULL,
	"visitor_id" uuid,
	"visitor_name" text DEFAULT '' NOT NULL,
	"arrive_time" timestamp with time zone NOT NULL,
	"arrival_place" text DEFAULT '' NOT NULL,
	"data_source" integer DEFAULT 1 NOT NULL,
	"repeat" boolean DEFAULT false NOT NULL,
	"entry_key" text NOT NULL,
	"recorded_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_lists" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_info_field_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"field_label" text DEFAULT '' NOT NULL,
	"field_label_en" text DEFAULT '' NOT NULL,
	"field_type" text DEFAULT 'text' NOT NULL,
	"data_range" text DEFAULT '' NOT NULL,
	"is_visitor_valid_info" integer DEFAULT 1 NOT NULL,
	"is_visitor_required_info" integer DEFAULT 0 NOT NULL,
	"is_appointment_required_info" integer DEFAULT 0 NOT NULL,
	"is_appointment_valid_info" integer DEFAULT 0 NOT NULL,
	"is_show_school_info" integer DEFAULT 0 NOT NULL,
	"is_show_visit_record" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"mod_user_name" text DEFAULT '' NOT NULL,
	"mod_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_info_field_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_long_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"user_id" text DEFAULT '' NOT NULL,
	"person_type" text DEFAULT '' NOT NULL,
	"dept" text DEFAULT '' NOT NULL,
	"phone_enc" text DEFAULT '' NOT NULL,
	"phone_hash" text DEFAULT '' NOT NULL,
	"phone_mask" text DEFAULT '' NOT NULL,
	"permission" text DEFAULT '' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"weekdays" text DEFAULT '1,2,3,4,5,6,7' NOT NULL,
	"start_time" text DEFAULT '00:00' NOT NULL,
	"end_time" text DEFAULT '24:00' NOT NULL,
	"data_source" integer DEFAULT 1 NOT NULL,
	"is_enable" integer DEFAULT 1 NOT NULL,
	"mod_user" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"mod_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_long_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"phone_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_one_time_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_overall_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"is_invite_school_flow_path" integer DEFAULT 1 NOT NULL,
	"apply_school_resources" text DEFAULT '' NOT NULL,
	"is_visitor_qr_code" integer DEFAULT 1 NOT NULL,
	"is_welcome_setting" integer DEFAULT 0 NOT NULL,
	"is_visitor_infor" integer DEFAULT 1 NOT NULL,
	"welcome_content" text DEFAULT '' NOT NULL,
	"sys_name" text DEFAULT '' NOT NULL,
	"banner_img" text DEFAULT '' NOT NULL,
	"in_school_name" text DEFAULT '' NOT NULL,
	"visitor_infor_cotent" text DEFAULT '' NOT NULL,
	"other_setting" text DEFAULT '' NOT NULL,
	"mod_user" text DEFAULT '' NOT NULL,
	"mod_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_overall_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_pass_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kid" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "visitor_pass_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"kid" text NOT NULL,
	"areas" text DEFAULT '' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_passes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitor_register_field_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"field_label" text DEFAULT '' NOT NULL,
	"field_label_en" text DEFAULT '' NOT NULL,
	"is_valid" integer DEFAULT 1 NOT NULL,
	"is_required" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"mod_user_name" text DEFAULT '' NOT NULL,
	"mod_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_register_field_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"visitor_name" text NOT NULL,
	"card_type" text DEFAULT '' NOT NULL,
	"card_number_enc" text DEFAULT '' NOT NULL,
	"card_number_hash" text DEFAULT '' NOT NULL,
	"card_number_mask" text DEFAULT '' NOT NULL,
	"phone_enc" text NOT NULL,
	"phone_hash" text NOT NULL,
	"phone_mask" text NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"identity_type" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"post" text DEFAULT '' NOT NULL,
	"person_type" text DEFAULT '' NOT NULL,
	"is_car" integer DEFAULT 0 NOT NULL,
	"car_product" text DEFAULT '' NOT NULL,
	"car_card_number" text DEFAULT '' NOT NULL,
	"is_valid" integer DEFAULT 1 NOT NULL,
	"visitor_picture" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data_source" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"mod_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_ck";--> statement-breakpoint
ALTER TABLE "visitor_appointment_audits" ADD CONSTRAINT "visitor_appointment_audits_appointment_id_visitor_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."visitor_appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_admin_permissions_user_uq" ON "visitor_admin_permissions" USING btree ("tenant_id","admin_user");--> statement-breakpoint
CREATE INDEX "visitor_appointment_audits_appt_idx" ON "visitor_appointment_audits" USING btree ("tenant_id","appointment_id","create_time");--> statement-breakpoint
CREATE INDEX "visitor_appointments_visitor_idx" ON "visitor_appointments" USING btree ("tenant_id","visitor_id","in_school_date");--> statement-breakpoint
CREATE INDEX "visitor_appointments_phone_idx" ON "visitor_appointments" USING btree ("tenant_id","phone_hash");--> statement-breakpoint
CREATE INDEX "visitor_appointments_host_idx" ON "visitor_appointments" USING btree ("tenant_id","host_user_id","state");--> statement-breakpoint
CREATE INDEX "visitor_appointments_date_idx" ON "visitor_appointments" USING btree ("tenant_id","in_school_date","state");--> statement-breakpoint
CREATE INDEX "visitor_appointments_booking_idx" ON "visitor_appointments" USING btree ("tenant_id","booking_id") WHERE "visitor_appointments"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_detail_settings_type_uq" ON "visitor_detail_settings" USING btree ("tenant_id","visitor_type");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_lists_entry_key_uq" ON "visitor_lists" USING btree ("tenant_id","entry_key");--> statement-breakpoint
CREATE INDEX "visitor_lists_arrive_idx" ON "visitor_lists" USING btree ("tenant_id","arrive_time");--> statement-breakpoint
CREATE INDEX "visitor_lists_pass_idx" ON "visitor_lists" USING btree ("tenant_id","pass_serial","arrival_place");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_info_field_settings_uq" ON "visitor_info_field_settings" USING btree ("tenant_id","field_name");--> statement-breakpoint
CREATE INDEX "visitor_long_terms_name_idx" ON "visitor_long_terms" USING btree ("tenant_id","person_type","user_name");--> statement-breakpoint
CREATE INDEX "visitor_one_time_codes_phone_idx" ON "visitor_one_time_codes" USING btree ("tenant_id","phone_hash","purpose","create_time");--> statement-breakpoint
CREATE INDEX "visitor_one_time_codes_address_idx" ON "visitor_one_time_codes" USING btree ("tenant_id","address","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_overall_settings_tenant_uq" ON "visitor_overall_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_pass_keys_kid_uq" ON "visitor_pass_keys" USING btree ("tenant_id","kid");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_passes_serial_uq" ON "visitor_passes" USING btree ("tenant_id","serial");--> statement-breakpoint
CREATE INDEX "visitor_passes_ref_idx" ON "visitor_passes" USING btree ("tenant_id","ref_id");--> statement-breakpoint
CREATE INDEX "visitor_passes_revoked_idx" ON "visitor_passes" USING btree ("tenant_id","valid_to") WHERE "visitor_passes"."revoked_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_register_field_settings_uq" ON "visitor_register_field_settings" USING btree ("tenant_id","field_name");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_phone_uq" ON "visitors" USING btree ("tenant_id","phone_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_card_uq" ON "visitors" USING btree ("tenant_id","card_number_hash") WHERE "visitors"."card_number_hash" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_user_uq" ON "visitors" USING btree ("tenant_id","user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('user', 'admin', 'visitor'));--> statement-breakpoint
CREATE POLICY "visitor_admin_permissions_tenant_isolation" ON "visitor_admin_permissions" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_appointment_audits_tenant_isolation" ON "visitor_appointment_audits" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_appointments_tenant_isolation" ON "visitor_appointments" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_detail_settings_tenant_isolation" ON "visitor_detail_settings" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_lists_tenant_isolation" ON "visitor_lists" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_info_field_settings_tenant_isolation" ON "visitor_info_field_settings" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_long_terms_tenant_isolation" ON "visitor_long_terms" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_one_time_codes_tenant_isolation" ON "visitor_one_time_codes" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_overall_settings_tenant_isolation" ON "visitor_overall_settings" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_pass_keys_tenant_isolation" ON "visitor_pass_keys" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_passes_tenant_isolation" ON "visitor_passes" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitor_register_field_settings_tenant_isolation" ON "visitor_register_field_settings" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitors_tenant_isolation" ON "visitors" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);