CREATE TABLE "notice_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"notice_id" uuid NOT NULL,
	"read_user_id" text NOT NULL,
	"read_user_name" text DEFAULT '' NOT NULL,
	"read_date" date NOT NULL,
	"read_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_reads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"note_category" text DEFAULT '1' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"resource_type_id" text DEFAULT '' NOT NULL,
	"resource_type_name" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"release_time" timestamp with time zone,
	"state" integer DEFAULT 0 NOT NULL,
	"popup_mode" text DEFAULT '' NOT NULL,
	"popup_end_date" date,
	"created_user" text DEFAULT '' NOT NULL,
	"created_user_name" text DEFAULT '' NOT NULL,
	"del" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_reads_once_a_day_uq" ON "notice_reads" USING btree ("tenant_id","notice_id","read_user_id","read_date");--> statement-breakpoint
CREATE INDEX "notice_reads_tenant_time_idx" ON "notice_reads" USING btree ("tenant_id","read_time");--> statement-breakpoint
CREATE INDEX "notices_tenant_list_idx" ON "notices" USING btree ("tenant_id","del","state","release_time");--> statement-breakpoint
CREATE POLICY "notice_reads_tenant_isolation" ON "notice_reads" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notices_tenant_isolation" ON "notices" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);