ALTER TABLE "files" ADD COLUMN "purpose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Files stored before this migration never recorded what they were for. Those a private use
-- refers to become private: a booking's attachment, an avatar, an evaluation's pictures, a
-- resource's QR code (it carries the signed check-in code). Every other one stays public as it
-- was: venue and notice pictures, logos and banners are shown on pages without a token.
UPDATE "files" SET "public" = false WHERE ("tenant_id", "id") IN (
  SELECT "tenant_id", "ref"::uuid FROM (
    SELECT "tenant_id", substring("enclosure" from '/api/file/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})') AS "ref" FROM "appointments"
    UNION ALL
    SELECT "tenant_id", substring("image" from '/api/file/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})') FROM "user_images"
    UNION ALL
    SELECT "tenant_id", substring("qcode_image_url" from '/api/file/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})') FROM "resources"
    UNION ALL
    SELECT e."tenant_id", substring(p."value" from '/api/file/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})')
      FROM "appointment_evaluates" e
      CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(e."pictures") = 'array' THEN e."pictures" ELSE '[]'::jsonb END) AS p("value")
  ) AS "refs" WHERE "ref" IS NOT NULL
);--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "public" SET DEFAULT false;
