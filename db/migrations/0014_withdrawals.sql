CREATE TABLE "withdrawal_declarations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"scope" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	"acknowledgement_mail_id" integer NOT NULL,
	CONSTRAINT "withdrawal_declarations_channel_check" CHECK ("withdrawal_declarations"."channel" in ('account','guest'))
);
--> statement-breakpoint
ALTER TABLE "withdrawal_declarations" ADD CONSTRAINT "withdrawal_declarations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_declarations" ADD CONSTRAINT "withdrawal_declarations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_declarations_idempotency_unique" ON "withdrawal_declarations" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawal_declarations_order_idx" ON "withdrawal_declarations" USING btree ("order_id","declared_at");