CREATE TABLE "comparison_items" (
	"list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comparison_items_list_id_product_id_pk" PRIMARY KEY("list_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "comparison_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comparison_lists_one_owner" CHECK (num_nonnulls("comparison_lists"."customer_id", "comparison_lists"."session_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "comparison_items" ADD CONSTRAINT "comparison_items_list_id_comparison_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."comparison_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comparison_items" ADD CONSTRAINT "comparison_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comparison_lists" ADD CONSTRAINT "comparison_lists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comparison_lists" ADD CONSTRAINT "comparison_lists_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comparison_items_product_idx" ON "comparison_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comparison_lists_customer_unique" ON "comparison_lists" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comparison_lists_session_unique" ON "comparison_lists" USING btree ("session_id");