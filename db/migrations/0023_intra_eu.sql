CREATE TABLE "checkout_vat_id_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"vat_id" text NOT NULL,
	"valid" boolean NOT NULL,
	"name" text,
	"address" text,
	"request_id" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_check_request_id" text;--> statement-breakpoint
CREATE INDEX "checkout_vat_id_checks_lookup_idx" ON "checkout_vat_id_checks" USING btree ("vat_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vat_treatment" CHECK ("orders"."vat_treatment" in ('standard', 'intra_eu'));