CREATE TABLE "storage_garbage" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"folder" boolean DEFAULT false NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_files" ALTER COLUMN "playback_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "renditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "output_prefix" text;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "next_attempt_at" timestamp(3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "started_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "lease_until" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "attempt_prefix" text;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "deleted_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "deleted_by" text;--> statement-breakpoint
CREATE INDEX "video_files_due_idx" ON "video_files" USING btree ("next_attempt_at") WHERE "video_files"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "video_files_lease_idx" ON "video_files" USING btree ("lease_until") WHERE "video_files"."status" = 'processing';--> statement-breakpoint
ALTER TABLE "video_files" ADD CONSTRAINT "video_files_status_check" CHECK ("video_files"."status" in ('queued', 'processing', 'ready', 'failed'));--> statement-breakpoint
-- A video uploaded before played its master; it is queued (the column's default) and plays its ladder once ready.
UPDATE "video_files" SET "playback_url" = NULL;--> statement-breakpoint
-- However a video file row goes (purged from the bin, emptied after BIN_DAYS), its objects are collected after.
CREATE FUNCTION video_file_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_garbage (key, folder) VALUES (OLD.storage_key, false);
  IF OLD.output_prefix IS NOT NULL THEN
    INSERT INTO storage_garbage (key, folder) VALUES (OLD.output_prefix, true);
  END IF;
  IF OLD.attempt_prefix IS NOT NULL THEN
    INSERT INTO storage_garbage (key, folder) VALUES (OLD.attempt_prefix, true);
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER video_files_garbage AFTER DELETE ON video_files FOR EACH ROW EXECUTE FUNCTION video_file_garbage();
--> statement-breakpoint
-- Processing changes a video's row every second (progress, lease): the history keeps what people did to it (upload,
-- poster, retry, bin), not the machine's steps, which run with no actor set.
DROP TRIGGER audit ON video_files;--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR DELETE ON video_files FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
CREATE TRIGGER audit_by_people AFTER UPDATE ON video_files FOR EACH ROW
  WHEN (coalesce(current_setting('kids_vod.actor', true), '') <> '') EXECUTE FUNCTION audit_change();
