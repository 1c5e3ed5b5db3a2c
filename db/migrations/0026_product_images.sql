CREATE TABLE "product_image_variants" (
	"content_hash" text NOT NULL,
	"width" smallint NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_image_variants_content_hash_width_format_pk" PRIMARY KEY("content_hash","width","format")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"content_hash" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"original" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_mime_check" CHECK ("product_images"."mime" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_product_hash_idx" ON "product_images" USING btree ("product_id","content_hash");--> statement-breakpoint
CREATE INDEX "product_images_hash_idx" ON "product_images" USING btree ("content_hash");--> statement-breakpoint
-- Hand-written (pictures, issue 21): keep when the migration is regenerated. Picture changes drop
-- every process's catalog cache (tiles and product pages show the first picture), and the
-- already compressed image bytes are stored without a futile TOAST compression attempt.
CREATE TRIGGER product_images_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "original" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "product_image_variants" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
