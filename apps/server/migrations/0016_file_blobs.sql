CREATE TABLE "file_blobs" (
	"tenant_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"data" bytea NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_blobs_tenant_id_file_id_pk" PRIMARY KEY("tenant_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "file_blobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- Uploads are mostly compressed already (JPEG, PNG, PDF, Office files, zip): EXTERNAL keeps the
-- bytes out of line without trying to compress them again, so serving a file in slices
-- (substring) reads only the TOAST chunks of each slice rather than the whole value.
ALTER TABLE "file_blobs" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE POLICY "file_blobs_tenant_isolation" ON "file_blobs" AS PERMISSIVE FOR ALL TO "yuyue_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
