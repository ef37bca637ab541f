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
-- A video uploaded before played its master; it is queued (the default above) and plays its ladder once ready.
UPDATE "video_files" SET "playback_url" = NULL;
