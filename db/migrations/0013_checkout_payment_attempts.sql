CREATE TABLE "checkout_payment_attempts" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"method" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "checkout_payment_attempts_state" CHECK ("checkout_payment_attempts"."state" in ('open', 'ordered', 'voiding', 'voided', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "checkout_payment_attempts" ADD CONSTRAINT "checkout_payment_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_payment_attempts_unresolved_idx" ON "checkout_payment_attempts" USING btree ("updated_at") WHERE "checkout_payment_attempts"."state" in ('open', 'voiding');