CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp(3) with time zone NOT NULL,
	"last_run_at" timestamp(3) with time zone,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_slug_unique";--> statement-breakpoint
DROP INDEX "brand_langs_brand_lang_uq";--> statement-breakpoint
DROP INDEX "content_langs_content_lang_uq";--> statement-breakpoint
ALTER TABLE "brand_langs" ADD COLUMN "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_langs" ADD COLUMN "deleted_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "brand_langs" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "deleted_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "deleted_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "content_langs" ADD COLUMN "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "content_langs" ADD COLUMN "deleted_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "content_langs" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "deleted_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "deleted_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "deleted_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_unique" ON "brands" USING btree ("slug") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_langs_brand_lang_uq" ON "brand_langs" USING btree ("brand_id","lang_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_langs_content_lang_uq" ON "content_langs" USING btree ("content_id","lang_id") WHERE deleted_at is null;