-- The listing index (server/catalog/listing-index.ts, issue 23) keeps the facts of every product in
-- memory and re-reads only the products a write changed: the NOTIFY of a statement on products now
-- names their ids ("products:12,45"). Statements touching more than 500 products (imports, seed)
-- and TRUNCATE send the bare table name as before, and every process rebuilds the index. NOTIFY is
-- delivered after commit, in commit order, so a process that receives it reads the committed rows.
-- Written by hand: drizzle cannot express triggers.
CREATE OR REPLACE FUNCTION catalog_products_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM changed_old;
  ELSE
    SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM changed_new;
  END IF;
  IF n = 0 THEN
    RETURN NULL;
  ELSIF n > 500 THEN
    PERFORM pg_notify('catalog_changed', 'products');
  ELSE
    PERFORM pg_notify('catalog_changed', 'products:' || ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_catalog_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER products_catalog_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed_notify();
--> statement-breakpoint
CREATE TRIGGER products_catalog_updated AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed_notify();
--> statement-breakpoint
CREATE TRIGGER products_catalog_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed_notify();
