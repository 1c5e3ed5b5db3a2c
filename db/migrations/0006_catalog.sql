CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"visual" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filter_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"filter_type" text DEFAULT 'checkbox' NOT NULL,
	"option_type" text DEFAULT 'text' NOT NULL,
	"postfix" text,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "filter_attributes_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "filter_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text NOT NULL,
	"text" text NOT NULL,
	"hex" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_warranties" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"months" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_number" text NOT NULL,
	"ean" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"category_id" integer NOT NULL,
	"teaser" text NOT NULL,
	"description" text NOT NULL,
	"visual" text NOT NULL,
	"color_hex" text NOT NULL,
	"image_count" smallint DEFAULT 1 NOT NULL,
	"price_cents" integer NOT NULL,
	"strike_through_price_cents" integer,
	"recommended_retail_price_cents" integer,
	"discount_percent" smallint GENERATED ALWAYS AS (case when "strike_through_price_cents" > "price_cents" then floor(("strike_through_price_cents" - "price_cents") * 100.0 / "strike_through_price_cents")::smallint else 0 end) STORED,
	"campus_price_cents" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"max_order_quantity" smallint DEFAULT 10 NOT NULL,
	"energy_class" text,
	"energy_scale" text,
	"energy_kwh" smallint,
	"option_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"released_at" date NOT NULL,
	"search_name" text NOT NULL,
	"search_extra" text NOT NULL,
	"search_description" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german', "search_name"), 'A') || setweight(to_tsvector('german', "search_extra"), 'B') || setweight(to_tsvector('german', "search_description"), 'D')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price_cents" > 0),
	CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_max_quantity_positive" CHECK ("products"."max_order_quantity" > 0),
	CONSTRAINT "products_energy_class" CHECK ("products"."energy_class" in ('A','B','C','D','E','F','G'))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_options" ADD CONSTRAINT "filter_options_attribute_id_filter_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."filter_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_warranties" ADD CONSTRAINT "product_warranties_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_path_unique" ON "categories" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_parent_slug_unique" ON "categories" USING btree ("parent_id","slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "filter_options_attribute_value_unique" ON "filter_options" USING btree ("attribute_id","value");--> statement-breakpoint
CREATE INDEX "product_warranties_product_idx" ON "product_warranties" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_article_number_unique" ON "products" USING btree ("article_number");--> statement-breakpoint
CREATE UNIQUE INDEX "products_ean_unique" ON "products" USING btree ("ean");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","sold_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_option_ids_idx" ON "products" USING gin ("option_ids");--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("sold_count" DESC NULLS LAST);