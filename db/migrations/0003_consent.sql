CREATE TABLE "ad_creatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_item_id" integer NOT NULL,
	"headline" text NOT NULL,
	"text" text NOT NULL,
	"link_url" text NOT NULL,
	"link_label" text NOT NULL,
	"image_url" text,
	"image_alt" text DEFAULT '' NOT NULL,
	"theme" text DEFAULT 'navy' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" text NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"page" text NOT NULL,
	"device" text NOT NULL,
	"kind" text NOT NULL,
	"rotation_is_active" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"is_placeholder" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"conversation_id" text NOT NULL,
	"sender" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"consent_id" text NOT NULL,
	"template_id" text NOT NULL,
	"service_name" text NOT NULL,
	"consent_status" boolean NOT NULL,
	"consent_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_consent_id_template_id_pk" PRIMARY KEY("consent_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"affiliate" text,
	"google_ads_consent" boolean NOT NULL,
	"microsoft_ads_consent" boolean NOT NULL,
	"awin_consent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversions_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "recommendation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"event" text NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"category_id" integer,
	"position" integer,
	"source_product_id" integer,
	"url" text NOT NULL,
	"consent_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tid" text,
	"url" text NOT NULL,
	"consent_id" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"activation_token_hash" text NOT NULL,
	"activation_expires_at" timestamp with time zone NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"consent_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscriptions_unsubscribeToken_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_line_item_id_ad_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."ad_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_line_items" ADD CONSTRAINT "ad_line_items_slot_id_ad_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."ad_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_creatives_line_item_idx" ON "ad_creatives" USING btree ("line_item_id");--> statement-breakpoint
CREATE INDEX "ad_line_items_slot_idx" ON "ad_line_items" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "support_chat_conversation_idx" ON "support_chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "recommendation_events_consent_idx" ON "recommendation_events" USING btree ("consent_id");--> statement-breakpoint
CREATE INDEX "recommendation_events_products_idx" ON "recommendation_events" USING gin ("product_ids");--> statement-breakpoint
CREATE INDEX "tracking_events_received_idx" ON "tracking_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "tracking_events_consent_idx" ON "tracking_events" USING btree ("consent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_type_unique" ON "newsletter_subscriptions" USING btree (lower("email"),"type");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_activation_token_unique" ON "newsletter_subscriptions" USING btree ("activation_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_status_idx" ON "newsletter_subscriptions" USING btree ("status");