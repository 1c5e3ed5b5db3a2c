CREATE TABLE "eu_responsible_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"zip_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"electronic_address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"zip_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"electronic_address" text NOT NULL,
	"responsible_person_id" integer
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "safety_warnings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "large_appliance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "contains_battery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "old_device_take_back" boolean;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD CONSTRAINT "manufacturers_responsible_person_id_eu_responsible_persons_id_fk" FOREIGN KEY ("responsible_person_id") REFERENCES "public"."eu_responsible_persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturers_brand_unique" ON "manufacturers" USING btree ("brand");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-added: product-safety contacts are catalog data; a change must reach every process's cache.
CREATE TRIGGER manufacturers_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON manufacturers
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
CREATE TRIGGER eu_responsible_persons_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON eu_responsible_persons
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
