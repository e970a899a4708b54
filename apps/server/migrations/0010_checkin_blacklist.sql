CREATE TABLE "appointment_signs" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"appointment_user" text NOT NULL,
	"sign_in_time" timestamp with time zone,
	"sign_in_way" text DEFAULT '' NOT NULL,
	"sign_in_user" text DEFAULT '' NOT NULL,
	"sign_in_user_name" text DEFAULT '' NOT NULL,
	"sign_out_time" timestamp with time zone,
	"sign_out_way" text DEFAULT '' NOT NULL,
	"sign_out_user" text DEFAULT '' NOT NULL,
	"sign_out_user_name" text DEFAULT '' NOT NULL,
	"missed_time" timestamp with time zone,
	"missed_way" text DEFAULT '' NOT NULL,
	"missed_user" text DEFAULT '' NOT NULL,
	"missed_user_name" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_signs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "checkin_code_uses" (
	"tenant_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"used_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkin_code_uses_pk" PRIMARY KEY("tenant_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "checkin_code_uses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "checkin_keys" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkin_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "black_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_account" text NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"reason_en" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"no_show_count" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"state" text DEFAULT '1' NOT NULL,
	"pardon_time" timestamp with time zone,
	"pardon_reason" text DEFAULT '' NOT NULL,
	"pardon_user" text DEFAULT '' NOT NULL,
	"pardon_user_name" text DEFAULT '' NOT NULL,
	"created_user" text DEFAULT '' NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"del" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "black_list_period_ck" CHECK ("black_list"."end_time" > "black_list"."start_time"),
	CONSTRAINT "black_list_state_ck" CHECK ("black_list"."state" in ('1', '2')),
	CONSTRAINT "black_list_source_ck" CHECK ("black_list"."source" in ('1', '2'))
);
--> statement-breakpoint
ALTER TABLE "black_list" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "black_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"is_enable" text NOT NULL,
	"no_show_times" integer NOT NULL,
	"no_show_days" integer NOT NULL,
	"ban_days" integer NOT NULL,
	"update_user" text DEFAULT '' NOT NULL,
	"update_user_name" text DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "black_settings_tenant_uq" UNIQUE("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "black_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointment_signs" ADD CONSTRAINT "appointment_signs_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_signs_user_missed_idx" ON "appointment_signs" USING btree ("tenant_id","appointment_user","missed_time");--> statement-breakpoint
CREATE INDEX "checkin_code_uses_expires_idx" ON "checkin_code_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "black_list_user_idx" ON "black_list" USING btree ("tenant_id","user_account","end_time");--> statement-breakpoint
CREATE INDEX "black_list_tenant_time_idx" ON "black_list" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE POLICY "appointment_signs_tenant_isolation" ON "appointment_signs" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "checkin_code_uses_tenant_isolation" ON "checkin_code_uses" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "checkin_keys_tenant_isolation" ON "checkin_keys" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "black_list_tenant_isolation" ON "black_list" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "black_settings_tenant_isolation" ON "black_settings" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);