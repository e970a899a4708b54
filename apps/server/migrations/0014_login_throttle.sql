CREATE TABLE "login_throttle" (
	"tenant_id" uuid NOT NULL,
	"account_key" text NOT NULL,
	"address" text NOT NULL,
	"level" double precision DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"signed_in_at" timestamp with time zone,
	CONSTRAINT "login_throttle_pk" PRIMARY KEY("tenant_id","account_key","address")
);
--> statement-breakpoint
ALTER TABLE "login_throttle" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "login_address_throttle" (
	"address" text PRIMARY KEY NOT NULL,
	"level" double precision DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE POLICY "login_throttle_tenant_isolation" ON "login_throttle" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
