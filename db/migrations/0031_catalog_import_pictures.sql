CREATE TABLE "catalog_import_pictures" (
	"import_id" integer NOT NULL,
	"content_hash" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	CONSTRAINT "catalog_import_pictures_import_id_content_hash_pk" PRIMARY KEY("import_id","content_hash")
);
--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "pictures" jsonb;--> statement-breakpoint
ALTER TABLE "catalog_import_pictures" ADD CONSTRAINT "catalog_import_pictures_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;