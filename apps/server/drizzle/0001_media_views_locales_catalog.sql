CREATE TABLE "catalog_builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang_id" integer NOT NULL,
	"url" text NOT NULL,
	"versioned_url" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locale_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locale_strings" (
	"key" text NOT NULL,
	"lang_id" integer NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locale_strings_key_lang_id_pk" PRIMARY KEY("key","lang_id")
);
--> statement-breakpoint
CREATE TABLE "view_daily" (
	"day" date NOT NULL,
	"content_id" integer NOT NULL,
	"lang_id" integer NOT NULL,
	"country" text NOT NULL,
	"seconds" bigint NOT NULL,
	CONSTRAINT "view_daily_day_content_id_lang_id_country_pk" PRIMARY KEY("day","content_id","lang_id","country")
);
--> statement-breakpoint
CREATE TABLE "view_event_ids" (
	"event_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_builds" ADD CONSTRAINT "catalog_builds_lang_id_languages_id_fk" FOREIGN KEY ("lang_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locale_strings" ADD CONSTRAINT "locale_strings_key_locale_keys_key_fk" FOREIGN KEY ("key") REFERENCES "public"."locale_keys"("key") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "locale_strings" ADD CONSTRAINT "locale_strings_lang_id_languages_id_fk" FOREIGN KEY ("lang_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_daily" ADD CONSTRAINT "view_daily_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_daily" ADD CONSTRAINT "view_daily_lang_id_languages_id_fk" FOREIGN KEY ("lang_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_builds_lang_created_idx" ON "catalog_builds" USING btree ("lang_id","created_at");--> statement-breakpoint
CREATE INDEX "locale_strings_lang_idx" ON "locale_strings" USING btree ("lang_id");--> statement-breakpoint
CREATE INDEX "view_daily_content_idx" ON "view_daily" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "view_event_ids_created_idx" ON "view_event_ids" USING btree ("created_at");