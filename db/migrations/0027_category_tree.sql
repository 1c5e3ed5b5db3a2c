CREATE TABLE "category_filters" (
	"category_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "category_filters_category_id_attribute_id_pk" PRIMARY KEY("category_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "category_redirects" (
	"old_path" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_filters" ADD CONSTRAINT "category_filters_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_filters" ADD CONSTRAINT "category_filters_attribute_id_filter_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."filter_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_redirects" ADD CONSTRAINT "category_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_redirects_category_idx" ON "category_redirects" USING btree ("category_id");--> statement-breakpoint
-- Hand-written (catadmin, issue 21): keep when the migration is regenerated. A changed filter list
-- drops every process's catalog cache (the tree carries the lists). Redirect rows are read fresh
-- on a miss; a move also rewrites `categories`, whose trigger already notifies.
CREATE TRIGGER category_filters_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_filters
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
