CREATE TABLE "catalog_build_left_out" (
	"build_id" integer PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_builds" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "catalog_builds" ADD COLUMN "rollback_of" integer;--> statement-breakpoint
ALTER TABLE "catalog_build_left_out" ADD CONSTRAINT "catalog_build_left_out_build_id_catalog_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."catalog_builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_builds" ADD CONSTRAINT "catalog_builds_rollback_of_catalog_builds_id_fk" FOREIGN KEY ("rollback_of") REFERENCES "public"."catalog_builds"("id") ON DELETE no action ON UPDATE no action;