-- Withdrawal declarations are stored unchangeably (§ 356a BGB, issue 19): the database refuses
-- every UPDATE, DELETE and TRUNCATE of withdrawal_declarations, whatever the caller. Written by
-- hand: drizzle cannot express triggers.
CREATE OR REPLACE FUNCTION withdrawal_declarations_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'withdrawal_declarations is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawal_declarations_no_update_delete BEFORE UPDATE OR DELETE ON withdrawal_declarations
  FOR EACH ROW EXECUTE FUNCTION withdrawal_declarations_unchangeable();
--> statement-breakpoint
CREATE TRIGGER withdrawal_declarations_no_truncate BEFORE TRUNCATE ON withdrawal_declarations
  FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_declarations_unchangeable();
