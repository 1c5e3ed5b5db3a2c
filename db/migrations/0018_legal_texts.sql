CREATE TABLE "legal_text_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_staff_id" integer,
	"created_by_email" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawal_version_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_text_versions_section_version_unique" ON "legal_text_versions" USING btree ("section","version");--> statement-breakpoint
CREATE INDEX "legal_text_versions_section_idx" ON "legal_text_versions" USING btree ("section","version" DESC NULLS LAST);--> statement-breakpoint
-- Legal text versions are never changed (issue 20): a save adds a version; the database refuses
-- every UPDATE, DELETE and TRUNCATE, whatever the caller. Added by hand: drizzle cannot express
-- triggers.
CREATE OR REPLACE FUNCTION legal_text_versions_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'legal_text_versions is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER legal_text_versions_no_update_delete BEFORE UPDATE OR DELETE ON legal_text_versions
  FOR EACH ROW EXECUTE FUNCTION legal_text_versions_unchangeable();
--> statement-breakpoint
CREATE TRIGGER legal_text_versions_no_truncate BEFORE TRUNCATE ON legal_text_versions
  FOR EACH STATEMENT EXECUTE FUNCTION legal_text_versions_unchangeable();
