CREATE TABLE "catalog_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text,
	"columns" text[] NOT NULL,
	"records" jsonb NOT NULL,
	"mode" text,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"counts" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone
);
