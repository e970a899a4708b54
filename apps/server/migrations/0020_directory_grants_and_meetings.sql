CREATE TABLE "permission_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"dept_id" uuid,
	"post_id" uuid,
	"triple_id" uuid,
	"permission" text NOT NULL,
	"filter" text DEFAULT '' NOT NULL,
	"revoke_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"granted_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_grants_revoke_uq" UNIQUE("revoke_id"),
	CONSTRAINT "permission_grants_subject_uq" UNIQUE NULLS NOT DISTINCT("tenant_id","user_id","dept_id","post_id","triple_id","permission","filter"),
	CONSTRAINT "permission_grants_one_subject_ck" CHECK (num_nonnulls("permission_grants"."user_id", "permission_grants"."dept_id", "permission_grants"."post_id", "permission_grants"."triple_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "permission_grants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "triples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"dept_id" uuid,
	"post_id" uuid,
	"user_id" uuid,
	"code" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "triples_tenant_members_uq" UNIQUE NULLS NOT DISTINCT("tenant_id","dept_id","post_id","user_id"),
	CONSTRAINT "triples_someone_ck" CHECK ("triples"."dept_id" is not null or "triples"."post_id" is not null or "triples"."user_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "triples" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"account_no" text NOT NULL,
	"open_id" text DEFAULT '' NOT NULL,
	"relation" text DEFAULT 'member' NOT NULL,
	CONSTRAINT "user_group_members_uq" UNIQUE("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_group_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"creator_account_no" text NOT NULL,
	"creator_open_id" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"resources_id" uuid,
	"token_hash" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_uq" UNIQUE("token_hash"),
	CONSTRAINT "calendar_feeds_kind_ck" CHECK ("calendar_feeds"."kind" in ('user', 'resource'))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "meeting_ip_whitelist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"address" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_ip_whitelist_uq" UNIQUE("tenant_id","address")
);
--> statement-breakpoint
ALTER TABLE "meeting_ip_whitelist" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "meeting_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider" text DEFAULT 'jitsi' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_enc" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_settings_tenant_uq" UNIQUE("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "online_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"resources_id" uuid,
	"provider" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"host_account" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"external_id" text DEFAULT '' NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"join_url" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"sync" text DEFAULT 'create' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_meetings_appointment_uq" UNIQUE("appointment_id"),
	CONSTRAINT "online_meetings_state_ck" CHECK ("online_meetings"."state" in ('pending', 'scheduled', 'started', 'ended', 'cancelled', 'failed')),
	CONSTRAINT "online_meetings_sync_ck" CHECK ("online_meetings"."sync" in ('', 'create', 'update', 'cancel'))
);
--> statement-breakpoint
ALTER TABLE "online_meetings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "permission_grants" ADD CONSTRAINT "permission_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_grants" ADD CONSTRAINT "permission_grants_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_grants" ADD CONSTRAINT "permission_grants_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_grants" ADD CONSTRAINT "permission_grants_triple_id_triples_id_fk" FOREIGN KEY ("triple_id") REFERENCES "public"."triples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triples" ADD CONSTRAINT "triples_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triples" ADD CONSTRAINT "triples_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triples" ADD CONSTRAINT "triples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_meetings" ADD CONSTRAINT "online_meetings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_meetings" ADD CONSTRAINT "online_meetings_resources_id_resources_id_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permission_grants_tenant_permission_idx" ON "permission_grants" USING btree ("tenant_id","permission");--> statement-breakpoint
CREATE INDEX "user_group_members_user_idx" ON "user_group_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "user_groups_creator_idx" ON "user_groups" USING btree ("tenant_id","creator_account_no");--> statement-breakpoint
CREATE INDEX "calendar_feeds_owner_idx" ON "calendar_feeds" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "online_meetings_due_idx" ON "online_meetings" USING btree ("next_attempt_at") WHERE "online_meetings"."sync" <> '';--> statement-breakpoint
CREATE INDEX "online_meetings_tenant_start_idx" ON "online_meetings" USING btree ("tenant_id","start_at");--> statement-breakpoint
CREATE POLICY "permission_grants_tenant_isolation" ON "permission_grants" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "triples_tenant_isolation" ON "triples" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "user_group_members_tenant_isolation" ON "user_group_members" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "user_groups_tenant_isolation" ON "user_groups" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "calendar_feeds_tenant_isolation" ON "calendar_feeds" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "meeting_ip_whitelist_tenant_isolation" ON "meeting_ip_whitelist" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "meeting_settings_tenant_isolation" ON "meeting_settings" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "online_meetings_tenant_isolation" ON "online_meetings" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);