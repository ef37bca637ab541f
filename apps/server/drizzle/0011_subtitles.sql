CREATE TABLE "subtitles" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_lang_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"encoding" text NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"cues" integer NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subtitles_kind_check" CHECK ("subtitles"."kind" in ('subtitles', 'captions'))
);
--> statement-breakpoint
ALTER TABLE "subtitles" ADD CONSTRAINT "subtitles_content_lang_id_content_langs_id_fk" FOREIGN KEY ("content_lang_id") REFERENCES "public"."content_langs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subtitles_content_lang_idx" ON "subtitles" USING btree ("content_lang_id");--> statement-breakpoint
-- Like every change to the catalogue, subtitles are in the history: who added, shifted or deleted which file.
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON subtitles FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
-- However a subtitles row goes (deleted, or with its language version purged), its WebVTT is collected after. The
-- copies a video's playlist names live in the video's own folder, and go with it.
CREATE FUNCTION subtitles_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_garbage (key, folder) VALUES (OLD.storage_key, false);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER subtitles_garbage AFTER DELETE ON subtitles FOR EACH ROW EXECUTE FUNCTION subtitles_garbage();
