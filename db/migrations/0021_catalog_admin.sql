ALTER TABLE "products" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_part_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delivery_time" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- ===== Hand-written (catalog-admin, issue 21): keep when the migration is regenerated =====
-- Existing products carry their manufacturer part number only as the "Herstellernummer" line of
-- the technical data; copy it into the new column the back office edits.
UPDATE "products" SET "manufacturer_part_number" = (
  SELECT spec->>'value' FROM jsonb_array_elements("products"."specs") AS spec
  WHERE spec->>'name' = 'Herstellernummer' LIMIT 1
) WHERE "manufacturer_part_number" IS NULL;
