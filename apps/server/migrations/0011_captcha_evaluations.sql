CREATE TABLE "captcha_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account" text NOT NULL,
	"token_hash" text NOT NULL,
	"answer_x" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"captcha_code" text,
	"used_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captcha_challenges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "captcha_submit_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captcha_submit_attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "captcha_submit_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account" text NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captcha_submit_blocks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "appointment_evaluates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"resources_type_id" uuid NOT NULL,
	"resources_name" text DEFAULT '' NOT NULL,
	"resources_name_en" text DEFAULT '' NOT NULL,
	"appointment_date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"composite_score" integer NOT NULL,
	"resources_score" integer NOT NULL,
	"system_score" integer NOT NULL,
	"service_score" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_anonymous" text DEFAULT '0' NOT NULL,
	"state" text DEFAULT '1' NOT NULL,
	"reply_content" text DEFAULT '' NOT NULL,
	"reply_user" text DEFAULT '' NOT NULL,
	"reply_user_name" text DEFAULT '' NOT NULL,
	"reply_time" timestamp with time zone,
	"created_user" text NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"del" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_evaluates_scores_ck" CHECK ("appointment_evaluates"."composite_score" between 1 and 5 and "appointment_evaluates"."resources_score" between 1 and 5 and "appointment_evaluates"."system_score" between 1 and 5 and "appointment_evaluates"."service_score" between 1 and 5),
	CONSTRAINT "appointment_evaluates_state_ck" CHECK ("appointment_evaluates"."state" in ('0', '1')),
	CONSTRAINT "appointment_evaluates_anonymous_ck" CHECK ("appointment_evaluates"."is_anonymous" in ('0', '1'))
);
--> statement-breakpoint
ALTER TABLE "appointment_evaluates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources_likes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"resources_id" uuid NOT NULL,
	"created_user" text NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resources_likes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointment_evaluates" ADD CONSTRAINT "appointment_evaluates_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_evaluates" ADD CONSTRAINT "appointment_evaluates_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources_likes" ADD CONSTRAINT "resources_likes_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captcha_challenges_expiry_idx" ON "captcha_challenges" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE INDEX "captcha_submit_attempts_account_idx" ON "captcha_submit_attempts" USING btree ("tenant_id","account","at");--> statement-breakpoint
CREATE INDEX "captcha_submit_blocks_account_idx" ON "captcha_submit_blocks" USING btree ("tenant_id","account","blocked_until");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_evaluates_one_per_booking_uq" ON "appointment_evaluates" USING btree ("tenant_id","appointment_id") WHERE "appointment_evaluates"."del" = 0;--> statement-breakpoint
CREATE INDEX "appointment_evaluates_resource_idx" ON "appointment_evaluates" USING btree ("tenant_id","resources_id","create_time");--> statement-breakpoint
CREATE INDEX "appointment_evaluates_user_idx" ON "appointment_evaluates" USING btree ("tenant_id","created_user","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_likes_user_resource_uq" ON "resources_likes" USING btree ("tenant_id","created_user","resources_id");--> statement-breakpoint
CREATE INDEX "resources_likes_resource_idx" ON "resources_likes" USING btree ("tenant_id","resources_id");--> statement-breakpoint
CREATE POLICY "captcha_challenges_tenant_isolation" ON "captcha_challenges" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "captcha_submit_attempts_tenant_isolation" ON "captcha_submit_attempts" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "captcha_submit_blocks_tenant_isolation" ON "captcha_submit_blocks" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "appointment_evaluates_tenant_isolation" ON "appointment_evaluates" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "resources_likes_tenant_isolation" ON "resources_likes" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);