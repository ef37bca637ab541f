ALTER TABLE "video_files" ADD COLUMN "first_pts_90k" integer;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "master_due_at" timestamp(3) with time zone;--> statement-breakpoint
CREATE INDEX "video_files_master_due_idx" ON "video_files" USING btree ("master_due_at") WHERE "video_files"."master_due_at" is not null;