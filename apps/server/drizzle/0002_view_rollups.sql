CREATE TABLE "view_daily_content" (
	"day" date NOT NULL,
	"content_id" integer NOT NULL,
	"seconds" double precision NOT NULL,
	CONSTRAINT "view_daily_content_day_content_id_pk" PRIMARY KEY("day","content_id")
);
--> statement-breakpoint
ALTER TABLE "view_daily" DROP CONSTRAINT "view_daily_lang_id_languages_id_fk";
--> statement-breakpoint
ALTER TABLE "view_daily" ALTER COLUMN "seconds" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "view_daily_content" ADD CONSTRAINT "view_daily_content_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "view_daily_content_content_idx" ON "view_daily_content" USING btree ("content_id");--> statement-breakpoint
-- Existing viewing minutes are carried into the new per-content rollup.
INSERT INTO "view_daily_content" ("day", "content_id", "seconds")
SELECT "day", "content_id", sum("seconds") FROM "view_daily" GROUP BY "day", "content_id";
