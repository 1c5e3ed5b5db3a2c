ALTER TABLE "customers" ADD COLUMN "converted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_type_check" CHECK ("addresses"."type" in ('normal', 'packstation', 'paketshop'));--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_billing_is_normal" CHECK (not "addresses"."is_default" or "addresses"."type" = 'normal');