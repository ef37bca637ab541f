CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"read_at" timestamp(3) with time zone,
	"key" text NOT NULL,
	CONSTRAINT "notifications_key_unique" UNIQUE("key"),
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('video_ready', 'video_failed', 'build_failed'))
);
--> statement-breakpoint
CREATE TABLE "video_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"video_id" integer NOT NULL,
	"at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"worker" text,
	"detail" text,
	"log" jsonb,
	CONSTRAINT "video_events_event_check" CHECK ("video_events"."event" in ('queued', 'started', 'retried', 'lease_lost', 'stopped', 'failed', 'ready'))
);
--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_events" ADD CONSTRAINT "video_events_video_id_video_files_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "video_events_video_idx" ON "video_events" USING btree ("video_id","id");--> statement-breakpoint
ALTER TABLE "video_files" ADD CONSTRAINT "video_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;