CREATE TABLE "psp_apple_pay_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_origin" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_card_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"session_id" text,
	"brand" text NOT NULL,
	"masked_number" text NOT NULL,
	"expiry_month" smallint NOT NULL,
	"expiry_year" smallint NOT NULL,
	"holder" text NOT NULL,
	"pan_encrypted" text NOT NULL,
	"pan_fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_card_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_origin" text NOT NULL,
	"reference" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"reference" text NOT NULL,
	"card_alias" text,
	"session_token" text,
	"authorization_token" text,
	"idempotency_key" text,
	"request_hash" text,
	"express" boolean DEFAULT false NOT NULL,
	"auto_capture" boolean DEFAULT false NOT NULL,
	"return_url" text,
	"cancel_url" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"decline_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "psp_card_aliases" ADD CONSTRAINT "psp_card_aliases_session_id_psp_card_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."psp_card_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psp_operations" ADD CONSTRAINT "psp_operations_payment_id_psp_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."psp_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psp_payments" ADD CONSTRAINT "psp_payments_card_alias_psp_card_aliases_alias_fk" FOREIGN KEY ("card_alias") REFERENCES "public"."psp_card_aliases"("alias") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "psp_card_aliases_fingerprint_idx" ON "psp_card_aliases" USING btree ("pan_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "psp_operations_idempotency_key_unique" ON "psp_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "psp_operations_payment_idx" ON "psp_operations" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "psp_payments_session_token_unique" ON "psp_payments" USING btree ("session_token");--> statement-breakpoint
CREATE UNIQUE INDEX "psp_payments_authorization_token_unique" ON "psp_payments" USING btree ("authorization_token");--> statement-breakpoint
CREATE UNIQUE INDEX "psp_payments_idempotency_key_unique" ON "psp_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "psp_payments_reference_idx" ON "psp_payments" USING btree ("reference");