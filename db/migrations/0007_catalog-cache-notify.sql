-- Catalog read cache invalidation (server/catalog/cache.ts): every committed statement that
-- changes a catalog table sends NOTIFY catalog_changed; each app process LISTENs and drops its
-- cached listings, facets, products and suggestions. Written by hand: drizzle cannot express
-- triggers. Must run after the migration that creates the catalog tables.
CREATE OR REPLACE FUNCTION catalog_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER filter_attributes_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON filter_attributes
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER filter_options_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON filter_options
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_warranties_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_warranties
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
