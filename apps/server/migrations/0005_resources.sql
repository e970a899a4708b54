CREATE TABLE "resources_type_auths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_type_id" uuid NOT NULL,
	"grant_object_id" text NOT NULL,
	"grant_object_name" text DEFAULT '' NOT NULL,
	"grant_object_type" text NOT NULL,
	"grant_time" timestamp with time zone DEFAULT now() NOT NULL,
	"operate_user_id" text DEFAULT '' NOT NULL,
	"operate_user_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resources_type_auths" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_type_extended_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_type_id" uuid NOT NULL,
	"extended_properties_code" text NOT NULL,
	"extended_properties_name" text DEFAULT '' NOT NULL,
	"code_description" text DEFAULT '' NOT NULL,
	"code_tags" text DEFAULT '' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resources_type_extended_properties" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_name" text NOT NULL,
	"resources_name_en" text DEFAULT '' NOT NULL,
	"resources_tag" text DEFAULT '' NOT NULL,
	"resources_tag_en" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"icon_not" text DEFAULT '' NOT NULL,
	"created_user" text DEFAULT '' NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"can_location" text DEFAULT '0' NOT NULL,
	"is_appointment_number_limit" text DEFAULT '0' NOT NULL,
	"appointment_number_rule" text DEFAULT '' NOT NULL,
	"appointment_number_limit" integer DEFAULT 0 NOT NULL,
	"timeperiod_number_begin_date" text DEFAULT '' NOT NULL,
	"timeperiod_number_end_date" text DEFAULT '' NOT NULL,
	"is_incomplete_appointment_number_limit" text DEFAULT '0' NOT NULL,
	"incomplete_appointment_number_limit" integer DEFAULT 0 NOT NULL,
	"common_enable" text DEFAULT '1' NOT NULL,
	"cyclicity_enable" text DEFAULT '0' NOT NULL,
	"batch_enable" text DEFAULT '0' NOT NULL,
	"default_appointment_state" text DEFAULT '' NOT NULL,
	"punctuality_rule" text DEFAULT '' NOT NULL,
	"deviation_minutes" integer DEFAULT 0 NOT NULL,
	"earliest_punctuality_rule" text DEFAULT '' NOT NULL,
	"earliest_deviation_minutes" integer DEFAULT 0 NOT NULL,
	"can_appointment_remark" text DEFAULT '0' NOT NULL,
	"sign_out_rule" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"del" integer DEFAULT 0 NOT NULL,
	"start_time" text DEFAULT '' NOT NULL,
	"end_time" text DEFAULT '' NOT NULL,
	"holding_minutes" integer DEFAULT 0 NOT NULL,
	"capacity_field_type" text DEFAULT '' NOT NULL,
	"open_captcha_verify" text DEFAULT '0' NOT NULL,
	"open_frequency_verify" text DEFAULT '0' NOT NULL,
	"resource_open_mode" text DEFAULT '' NOT NULL,
	"wemeet_enable" text DEFAULT '0' NOT NULL,
	"appointment_category" text DEFAULT '' NOT NULL,
	"user_display_info_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resources_types" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_type_id" uuid NOT NULL,
	"resources_number" text DEFAULT '' NOT NULL,
	"resources_name" text NOT NULL,
	"resources_name_en" text DEFAULT '' NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"capacity_field_type" text DEFAULT '' NOT NULL,
	"capacity_string" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"describe" text DEFAULT '' NOT NULL,
	"describe_en" text DEFAULT '' NOT NULL,
	"created_user" text DEFAULT '' NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"del" integer DEFAULT 0 NOT NULL,
	"can_location" text DEFAULT '0' NOT NULL,
	"campus_code" text DEFAULT '' NOT NULL,
	"campus_name" text DEFAULT '' NOT NULL,
	"campus_name_en" text DEFAULT '' NOT NULL,
	"building_code" text DEFAULT '' NOT NULL,
	"building_name" text DEFAULT '' NOT NULL,
	"building_name_en" text DEFAULT '' NOT NULL,
	"floor_code" text DEFAULT '' NOT NULL,
	"floor_name" text DEFAULT '' NOT NULL,
	"floor_name_en" text DEFAULT '' NOT NULL,
	"qcode_image_url" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"admin_post" text DEFAULT '' NOT NULL,
	"admin_post_name" text DEFAULT '' NOT NULL,
	"admin_dept" text DEFAULT '' NOT NULL,
	"admin_dept_name" text DEFAULT '' NOT NULL,
	"rule_source" text DEFAULT '0' NOT NULL,
	"rule_template_id" uuid,
	"available_number" integer DEFAULT 1 NOT NULL,
	"is_notification_push" text DEFAULT '0' NOT NULL,
	"notifiy_channels" text DEFAULT '' NOT NULL,
	"success_notification_push" text DEFAULT '0' NOT NULL,
	"success_notification_rule" text DEFAULT '' NOT NULL,
	"cancel_notification_push" text DEFAULT '0' NOT NULL,
	"cancel_notification_rule_apply" text DEFAULT '' NOT NULL,
	"cancel_notification_rule_admin" text DEFAULT '' NOT NULL,
	"success_prompt" text DEFAULT '' NOT NULL,
	"success_prompt_en" text DEFAULT '' NOT NULL,
	"hide_appointment_information" text DEFAULT '0' NOT NULL,
	"appointment_information_field" text DEFAULT '' NOT NULL,
	"hide_resources_detail" text DEFAULT '0' NOT NULL,
	"open_process_form" text DEFAULT '0' NOT NULL,
	"review_url" text DEFAULT '' NOT NULL,
	"write_detail" text DEFAULT '0' NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"appointment_date_rule" text DEFAULT '1' NOT NULL,
	"appointment_date_days" integer DEFAULT 7 NOT NULL,
	"days_rule_effective_time" text DEFAULT '' NOT NULL,
	"days_rule_refresh_time" text DEFAULT '00:00' NOT NULL,
	"appointment_open_date" text DEFAULT '' NOT NULL,
	"appointment_close_date" text DEFAULT '' NOT NULL,
	"appointment_open_time" text DEFAULT '' NOT NULL,
	"appointment_close_time" text DEFAULT '' NOT NULL,
	"advance_booking_rule" text DEFAULT '0' NOT NULL,
	"advance_booking" text DEFAULT '0' NOT NULL,
	"max_advance_booking_day" integer DEFAULT 0 NOT NULL,
	"max_advance_booking_hour" integer DEFAULT 0 NOT NULL,
	"max_advance_booking_minute" integer DEFAULT 0 NOT NULL,
	"min_advance_booking_day" integer DEFAULT 0 NOT NULL,
	"min_advance_booking_hour" integer DEFAULT 0 NOT NULL,
	"min_advance_booking_minute" integer DEFAULT 0 NOT NULL,
	"time_slot_rule" text DEFAULT '1' NOT NULL,
	"timeslot_latest_rule" text DEFAULT '0' NOT NULL,
	"timeslot_latest_deviation_minutes" integer DEFAULT 0 NOT NULL,
	"min_interval_minutes" integer DEFAULT 0 NOT NULL,
	"min_interval_minutes_prompt" text DEFAULT '' NOT NULL,
	"min_interval_minutes_prompt_en" text DEFAULT '' NOT NULL,
	"min_interval_minutes_cancel" integer DEFAULT 0 NOT NULL,
	"min_interval_minutes_change" integer DEFAULT 0 NOT NULL,
	"cyclicity_rule" text DEFAULT '0' NOT NULL,
	"batch_rule" text DEFAULT '0' NOT NULL,
	"need_approve" text DEFAULT '0' NOT NULL,
	"open_captcha_verify" text DEFAULT '0' NOT NULL,
	"open_frequency_verify" text DEFAULT '0' NOT NULL,
	"per_max_available_number" integer DEFAULT 1 NOT NULL,
	"rule_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"own_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cooperative_depts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extended_properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_attribute_contents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resources" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_auths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"grant_open_id" text DEFAULT '' NOT NULL,
	"grant_object_id" text NOT NULL,
	"grant_object_name" text DEFAULT '' NOT NULL,
	"grant_object_type" text NOT NULL,
	"grant_permission_item" text DEFAULT '' NOT NULL,
	"grant_time" timestamp with time zone DEFAULT now() NOT NULL,
	"operate_user_id" text DEFAULT '' NOT NULL,
	"operate_user_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resources_auths" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_visibility" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"obj_id" text NOT NULL,
	"obj_name" text DEFAULT '' NOT NULL,
	"obj_type" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resources_visibility" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "appointment_number_limit_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_type_id" uuid,
	"resources_id" uuid,
	"rule_template_id" uuid,
	"appointment_number_rule" text NOT NULL,
	"appointment_number_limit" integer NOT NULL,
	"timeperiod_number_begin_date" text DEFAULT '' NOT NULL,
	"timeperiod_number_end_date" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_number_limit_rules_owner_ck" CHECK (num_nonnulls("appointment_number_limit_rules"."resources_type_id", "appointment_number_limit_rules"."resources_id", "appointment_number_limit_rules"."rule_template_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "appointment_number_limit_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_available_number_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid,
	"rule_template_id" uuid,
	"time_slot_rule" text DEFAULT '' NOT NULL,
	"date_rule" text DEFAULT '' NOT NULL,
	"start_date" text DEFAULT '' NOT NULL,
	"end_date" text DEFAULT '' NOT NULL,
	"weeks" text DEFAULT '' NOT NULL,
	"start_time" text DEFAULT '' NOT NULL,
	"end_time" text DEFAULT '' NOT NULL,
	"available_number" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_available_number_rules_owner_ck" CHECK (num_nonnulls("resources_available_number_rules"."resources_id", "resources_available_number_rules"."rule_template_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "resources_available_number_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid,
	"rule_template_id" uuid,
	"start" text NOT NULL,
	"end" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"del" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_dates_owner_ck" CHECK (num_nonnulls("resources_dates"."resources_id", "resources_dates"."rule_template_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "resources_dates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_months" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid,
	"rule_template_id" uuid,
	"month" text NOT NULL,
	"day" text DEFAULT '' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"created_user_id" text DEFAULT '' NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_months_owner_ck" CHECK (num_nonnulls("resources_months"."resources_id", "resources_months"."rule_template_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "resources_months" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_no_reservation_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid,
	"rule_template_id" uuid,
	"rule_type" text NOT NULL,
	"month" text DEFAULT '' NOT NULL,
	"day" text DEFAULT '' NOT NULL,
	"start_date" text DEFAULT '' NOT NULL,
	"end_date" text DEFAULT '' NOT NULL,
	"week" text DEFAULT '' NOT NULL,
	"start_time" text DEFAULT '' NOT NULL,
	"end_time" text DEFAULT '' NOT NULL,
	"reason_cn" text DEFAULT '' NOT NULL,
	"reason_en" text DEFAULT '' NOT NULL,
	"created_user_id" text DEFAULT '' NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_no_reservation_configs_owner_ck" CHECK (num_nonnulls("resources_no_reservation_configs"."resources_id", "resources_no_reservation_configs"."rule_template_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "resources_no_reservation_configs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_rule_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"template_name_en" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"appointment_date_rule" text DEFAULT '1' NOT NULL,
	"appointment_date_days" integer DEFAULT 7 NOT NULL,
	"days_rule_effective_time" text DEFAULT '' NOT NULL,
	"days_rule_refresh_time" text DEFAULT '00:00' NOT NULL,
	"appointment_open_date" text DEFAULT '' NOT NULL,
	"appointment_close_date" text DEFAULT '' NOT NULL,
	"appointment_open_time" text DEFAULT '' NOT NULL,
	"appointment_close_time" text DEFAULT '' NOT NULL,
	"advance_booking_rule" text DEFAULT '0' NOT NULL,
	"advance_booking" text DEFAULT '0' NOT NULL,
	"max_advance_booking_day" integer DEFAULT 0 NOT NULL,
	"max_advance_booking_hour" integer DEFAULT 0 NOT NULL,
	"max_advance_booking_minute" integer DEFAULT 0 NOT NULL,
	"min_advance_booking_day" integer DEFAULT 0 NOT NULL,
	"min_advance_booking_hour" integer DEFAULT 0 NOT NULL,
	"min_advance_booking_minute" integer DEFAULT 0 NOT NULL,
	"time_slot_rule" text DEFAULT '1' NOT NULL,
	"timeslot_latest_rule" text DEFAULT '0' NOT NULL,
	"timeslot_latest_deviation_minutes" integer DEFAULT 0 NOT NULL,
	"min_interval_minutes" integer DEFAULT 0 NOT NULL,
	"min_interval_minutes_prompt" text DEFAULT '' NOT NULL,
	"min_interval_minutes_prompt_en" text DEFAULT '' NOT NULL,
	"min_interval_minutes_cancel" integer DEFAULT 0 NOT NULL,
	"min_interval_minutes_change" integer DEFAULT 0 NOT NULL,
	"cyclicity_rule" text DEFAULT '0' NOT NULL,
	"batch_rule" text DEFAULT '0' NOT NULL,
	"need_approve" text DEFAULT '0' NOT NULL,
	"open_captcha_verify" text DEFAULT '0' NOT NULL,
	"open_frequency_verify" text DEFAULT '0' NOT NULL,
	"per_max_available_number" integer DEFAULT 1 NOT NULL,
	"rule_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_user" text DEFAULT '' NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resources_rule_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_time_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid,
	"rule_template_id" uuid,
	"kssj" text NOT NULL,
	"jssj" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"del" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_time_slots_owner_ck" CHECK (num_nonnulls("resources_time_slots"."resources_id", "resources_time_slots"."rule_template_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "resources_time_slots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_weeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid,
	"rule_template_id" uuid,
	"zj" text NOT NULL,
	"zj_name" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"del" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_weeks_owner_ck" CHECK (num_nonnulls("resources_weeks"."resources_id", "resources_weeks"."rule_template_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "resources_weeks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_occupancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason_cn" text NOT NULL,
	"reason_en" text DEFAULT '' NOT NULL,
	"created_user" text DEFAULT '' NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_occupancies_period_ck" CHECK ("resources_occupancies"."ends_at" > "resources_occupancies"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "resources_occupancies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "resources_type_auths" ADD CONSTRAINT "resources_type_auths_resources_type_id_resources_types_id_fk" FOREIGN KEY ("resources_type_id") REFERENCES "public"."resources_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_type_extended_properties" ADD CONSTRAINT "resources_type_extended_properties_resources_type_id_resources_types_id_fk" FOREIGN KEY ("resources_type_id") REFERENCES "public"."resources_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_resources_type_id_resources_types_id_fk" FOREIGN KEY ("resources_type_id") REFERENCES "public"."resources_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_auths" ADD CONSTRAINT "resources_auths_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_visibility" ADD CONSTRAINT "resources_visibility_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_number_limit_rules" ADD CONSTRAINT "appointment_number_limit_rules_resources_type_id_resources_types_id_fk" FOREIGN KEY ("resources_type_id") REFERENCES "public"."resources_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_number_limit_rules" ADD CONSTRAINT "appointment_number_limit_rules_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_number_limit_rules" ADD CONSTRAINT "appointment_number_limit_rules_rule_template_id_resources_rule_templates_id_fk" FOREIGN KEY ("rule_template_id") REFERENCES "public"."resources_rule_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_available_number_rules" ADD CONSTRAINT "resources_available_number_rules_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_available_number_rules" ADD CONSTRAINT "resources_available_number_rules_rule_template_id_resources_rule_templates_id_fk" FOREIGN KEY ("rule_template_id") REFERENCES "public"."resources_rule_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_dates" ADD CONSTRAINT "resources_dates_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_dates" ADD CONSTRAINT "resources_dates_rule_template_id_resources_rule_templates_id_fk" FOREIGN KEY ("rule_template_id") REFERENCES "public"."resources_rule_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_months" ADD CONSTRAINT "resources_months_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_months" ADD CONSTRAINT "resources_months_rule_template_id_resources_rule_templates_id_fk" FOREIGN KEY ("rule_template_id") REFERENCES "public"."resources_rule_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_no_reservation_configs" ADD CONSTRAINT "resources_no_reservation_configs_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_no_reservation_configs" ADD CONSTRAINT "resources_no_reservation_configs_rule_template_id_resources_rule_templates_id_fk" FOREIGN KEY ("rule_template_id") REFERENCES "public"."resources_rule_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_time_slots" ADD CONSTRAINT "resources_time_slots_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_time_slots" ADD CONSTRAINT "resources_time_slots_rule_template_id_resources_rule_templates_id_fk" FOREIGN KEY ("rule_template_id") REFERENCES "public"."resources_rule_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_weeks" ADD CONSTRAINT "resources_weeks_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_weeks" ADD CONSTRAINT "resources_weeks_rule_template_id_resources_rule_templates_id_fk" FOREIGN KEY ("rule_template_id") REFERENCES "public"."resources_rule_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_occupancies" ADD CONSTRAINT "resources_occupancies_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resources_type_auths_type_idx" ON "resources_type_auths" USING btree ("resources_type_id");--> statement-breakpoint
CREATE INDEX "resources_type_ext_type_idx" ON "resources_type_extended_properties" USING btree ("resources_type_id");--> statement-breakpoint
CREATE INDEX "resources_types_tenant_idx" ON "resources_types" USING btree ("tenant_id","order");--> statement-breakpoint
CREATE INDEX "resources_tenant_type_idx" ON "resources" USING btree ("tenant_id","resources_type_id");--> statement-breakpoint
CREATE INDEX "resources_template_idx" ON "resources" USING btree ("rule_template_id");--> statement-breakpoint
CREATE INDEX "resources_auths_res_idx" ON "resources_auths" USING btree ("resources_id");--> statement-breakpoint
CREATE INDEX "resources_visibility_res_idx" ON "resources_visibility" USING btree ("resources_id");--> statement-breakpoint
CREATE INDEX "appt_limit_rules_type_idx" ON "appointment_number_limit_rules" USING btree ("resources_type_id");--> statement-breakpoint
CREATE INDEX "appt_limit_rules_res_idx" ON "appointment_number_limit_rules" USING btree ("resources_id");--> statement-breakpoint
CREATE INDEX "appt_limit_rules_tpl_idx" ON "appointment_number_limit_rules" USING btree ("rule_template_id");--> statement-breakpoint
CREATE INDEX "resources_avail_rules_res_idx" ON "resources_available_number_rules" USING btree ("resources_id");--> statement-breakpoint
CREATE INDEX "resources_avail_rules_tpl_idx" ON "resources_available_number_rules" USING btree ("rule_template_id");--> statement-breakpoint
CREATE INDEX "resources_dates_res_idx" ON "resources_dates" USING btree ("resources_id");--> statement-breakpoint
CREATE INDEX "resources_dates_tpl_idx" ON "resources_dates" USING btree ("rule_template_id");--> statement-breakpoint
CREATE INDEX "resources_months_res_idx" ON "resources_months" USING btree ("resources_id");--> statement-breakpoint
CREATE INDEX "resources_months_tpl_idx" ON "resources_months" USING btree ("rule_template_id");--> statement-breakpoint
CREATE INDEX "resources_no_res_res_idx" ON "resources_no_reservation_configs" USING btree ("resources_id");--> statement-breakpoint
CREATE INDEX "resources_no_res_tpl_idx" ON "resources_no_reservation_configs" USING btree ("rule_template_id");--> statement-breakpoint
CREATE INDEX "resources_rule_templates_tenant_idx" ON "resources_rule_templates" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "resources_time_slots_res_idx" ON "resources_time_slots" USING btree ("resources_id");--> statement-breakpoint
CREATE INDEX "resources_time_slots_tpl_idx" ON "resources_time_slots" USING btree ("rule_template_id");--> statement-breakpoint
CREATE INDEX "resources_weeks_res_idx" ON "resources_weeks" USING btree ("resources_id");--> statement-breakpoint
CREATE INDEX "resources_weeks_tpl_idx" ON "resources_weeks" USING btree ("rule_template_id");--> statement-breakpoint
CREATE INDEX "resources_occupancies_res_idx" ON "resources_occupancies" USING btree ("resources_id","starts_at");--> statement-breakpoint
CREATE POLICY "resources_type_auths_tenant_isolation" ON "resources_type_auths" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_type_extended_properties_tenant_isolation" ON "resources_type_extended_properties" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_types_tenant_isolation" ON "resources_types" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_tenant_isolation" ON "resources" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_auths_tenant_isolation" ON "resources_auths" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_visibility_tenant_isolation" ON "resources_visibility" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "appointment_number_limit_rules_tenant_isolation" ON "appointment_number_limit_rules" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_available_number_rules_tenant_isolation" ON "resources_available_number_rules" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_dates_tenant_isolation" ON "resources_dates" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_months_tenant_isolation" ON "resources_months" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_no_reservation_configs_tenant_isolation" ON "resources_no_reservation_configs" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_rule_templates_tenant_isolation" ON "resources_rule_templates" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_time_slots_tenant_isolation" ON "resources_time_slots" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_weeks_tenant_isolation" ON "resources_weeks" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_occupancies_tenant_isolation" ON "resources_occupancies" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);