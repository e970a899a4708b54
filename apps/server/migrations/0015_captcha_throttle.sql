CREATE TABLE "captcha_throttle_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captcha_throttle_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "captcha_cooldowns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captcha_cooldowns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "captcha_throttle_events_account_idx" ON "captcha_throttle_events" USING btree ("tenant_id","account","kind","at");--> statement-breakpoint
CREATE INDEX "captcha_throttle_events_address_idx" ON "captcha_throttle_events" USING btree ("tenant_id","address","kind","at");--> statement-breakpoint
CREATE INDEX "captcha_throttle_events_at_idx" ON "captcha_throttle_events" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "captcha_cooldowns_subject_idx" ON "captcha_cooldowns" USING btree ("tenant_id","scope","subject","started_at");--> statement-breakpoint
CREATE POLICY "captcha_throttle_events_tenant_isolation" ON "captcha_throttle_events" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "captcha_cooldowns_tenant_isolation" ON "captcha_cooldowns" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
