-- No overbooking of exclusive resources: two active bookings of one resource may not overlap.
-- Inserts use ON CONFLICT DO NOTHING so a contested slot yields no row instead of an error
-- (btree_gist is created at start, see src/db/client.ts).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("resources_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("active" AND "exclusive");
