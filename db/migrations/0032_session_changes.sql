-- Session lookups are cached for a few seconds in each app process (server/platform/session-cache.ts,
-- issue 23). Every statement that changes or deletes sessions sends NOTIFY session_changed with the
-- ids (hashes of the cookie tokens) it touched, so every process drops them at once: a logout, a
-- password change that ends the other sessions, an account deletion (cascade) or an expired login
-- is noticed by all processes. More than 100 rows (the cleanup of expired sessions) or TRUNCATE:
-- "*", every process drops all. NOTIFY is delivered after commit, in commit order.
-- Written by hand: drizzle cannot express triggers.
CREATE OR REPLACE FUNCTION sessions_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('session_changed', '*');
    RETURN NULL;
  END IF;
  SELECT count(*), string_agg(id, ',') INTO n, ids FROM changed_old;
  IF n = 0 THEN
    RETURN NULL;
  ELSIF n > 100 THEN
    PERFORM pg_notify('session_changed', '*');
  ELSE
    PERFORM pg_notify('session_changed', ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_changed_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_changed_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_notify();
