CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"return_id" integer,
	"withdrawal_id" uuid,
	"delivery_id" integer,
	"amount_cents" integer NOT NULL,
	"breakdown" jsonb NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"psp_payment_id" text,
	"psp_action" text,
	"account_holder" text,
	"iban" text,
	"failure" text,
	"due_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_cents" > 0),
	CONSTRAINT "order_refunds_reason_check" CHECK ("order_refunds"."reason" in ('cancellation','withdrawal','defect','goodwill')),
	CONSTRAINT "order_refunds_channel_check" CHECK ("order_refunds"."channel" in ('provider','claim','bank_transfer')),
	CONSTRAINT "order_refunds_status_check" CHECK ("order_refunds"."status" in ('awaiting_iban','pending','completed','failed'))
);
--> statement-breakpoint
CREATE TABLE "order_return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"outcome" text,
	"note" text,
	CONSTRAINT "order_return_lines_quantity_positive" CHECK ("order_return_lines"."quantity" > 0),
	CONSTRAINT "order_return_lines_outcome_check" CHECK ("order_return_lines"."outcome" is null or "order_return_lines"."outcome" in ('restock','write_off'))
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_number" text NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"withdrawal_id" uuid,
	"reason" text,
	"status" text NOT NULL,
	"created_by" text NOT NULL,
	"carrier" text NOT NULL,
	"label_id" text NOT NULL,
	"tracking_number" text NOT NULL,
	"label_pdf" "bytea" NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"inspected_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_kind_check" CHECK ("order_returns"."kind" in ('withdrawal','defect')),
	CONSTRAINT "order_returns_status_check" CHECK ("order_returns"."status" in ('announced','received','inspected','closed','cancelled'))
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_withdrawal_id_withdrawal_declarations_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawal_declarations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_delivery_id_order_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."order_deliveries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_withdrawal_id_withdrawal_declarations_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawal_declarations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_idempotency_unique" ON "order_refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_status_idx" ON "order_refunds" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_return_lines_unique" ON "order_return_lines" USING btree ("return_id","order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_number_unique" ON "order_returns" USING btree ("return_number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_idempotency_unique" ON "order_returns" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_status_idx" ON "order_returns" USING btree ("status","created_at");