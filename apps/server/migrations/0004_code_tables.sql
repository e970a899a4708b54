CREATE TABLE "code_item_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code_item_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address_en" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_item_locations_lat_ck" CHECK ("code_item_locations"."latitude" between -90 and 90),
	CONSTRAINT "code_item_locations_lng_ck" CHECK ("code_item_locations"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "code_item_locations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "code_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"codes_id" uuid NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"item_name_en" text DEFAULT '' NOT NULL,
	"item_description" text DEFAULT '' NOT NULL,
	"item_index" integer DEFAULT 0 NOT NULL,
	"item_parent" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "code_item_locations" ADD CONSTRAINT "code_item_locations_code_item_id_code_items_id_fk" FOREIGN KEY ("code_item_id") REFERENCES "public"."code_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_items" ADD CONSTRAINT "code_items_codes_id_codes_id_fk" FOREIGN KEY ("codes_id") REFERENCES "public"."codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_item_locations_item_uq" ON "code_item_locations" USING btree ("code_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_items_codes_code_uq" ON "code_items" USING btree ("codes_id","item_code");--> statement-breakpoint
CREATE INDEX "code_items_tenant_idx" ON "code_items" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "codes_tenant_code_uq" ON "codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE POLICY "code_item_locations_tenant_isolation" ON "code_item_locations" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "code_items_tenant_isolation" ON "code_items" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "codes_tenant_isolation" ON "codes" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);