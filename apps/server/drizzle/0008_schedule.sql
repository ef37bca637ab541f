CREATE TABLE "automatic_builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp(3) with time zone NOT NULL,
	"lang_id" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"build_id" integer,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp(3) with time zone,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automatic_builds_state_check" CHECK ("automatic_builds"."state" in ('waiting', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "catalog_builds" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "automatic_builds" ADD CONSTRAINT "automatic_builds_lang_id_languages_id_fk" FOREIGN KEY ("lang_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_builds" ADD CONSTRAINT "automatic_builds_build_id_catalog_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."catalog_builds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automatic_builds_due_idx" ON "automatic_builds" USING btree ("next_try_at") WHERE "automatic_builds"."state" in ('waiting', 'running');--> statement-breakpoint
CREATE INDEX "automatic_builds_lang_idx" ON "automatic_builds" USING btree ("lang_id","id");--> statement-breakpoint
CREATE INDEX "brands_available_from_idx" ON "brands" USING btree ("available_from") WHERE "brands"."available_from" is not null;--> statement-breakpoint
CREATE INDEX "brands_available_until_idx" ON "brands" USING btree ("available_until") WHERE "brands"."available_until" is not null;--> statement-breakpoint
CREATE INDEX "content_available_from_idx" ON "content" USING btree ("available_from") WHERE "content"."available_from" is not null;--> statement-breakpoint
CREATE INDEX "content_available_until_idx" ON "content" USING btree ("available_until") WHERE "content"."available_until" is not null;--> statement-breakpoint
CREATE INDEX "country_rules_starts_at_idx" ON "country_rules" USING btree ("starts_at") WHERE "country_rules"."starts_at" is not null;--> statement-breakpoint
CREATE INDEX "country_rules_ends_at_idx" ON "country_rules" USING btree ("ends_at") WHERE "country_rules"."ends_at" is not null;--> statement-breakpoint
CREATE INDEX "promos_available_from_idx" ON "promos" USING btree ("available_from") WHERE "promos"."available_from" is not null;--> statement-breakpoint
CREATE INDEX "promos_available_until_idx" ON "promos" USING btree ("available_until") WHERE "promos"."available_until" is not null;--> statement-breakpoint
CREATE INDEX "streams_available_from_idx" ON "streams" USING btree ("available_from") WHERE "streams"."available_from" is not null;--> statement-breakpoint
CREATE INDEX "streams_available_until_idx" ON "streams" USING btree ("available_until") WHERE "streams"."available_until" is not null;