CREATE TABLE "appointment_approval_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"task_name" text NOT NULL,
	"task_name_en" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"operator" text NOT NULL,
	"operator_name" text DEFAULT '' NOT NULL,
	"handle_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_approval_tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "del" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_approval_tasks" ADD CONSTRAINT "appointment_approval_tasks_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_approval_tasks_appt_idx" ON "appointment_approval_tasks" USING btree ("appointment_id");--> statement-breakpoint
CREATE POLICY "appointment_approval_tasks_tenant_isolation" ON "appointment_approval_tasks" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);