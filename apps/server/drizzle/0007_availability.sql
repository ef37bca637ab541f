ALTER TABLE "brands" ADD COLUMN "available_from" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "available_until" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "available_from" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "available_until" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "country_rules" ADD COLUMN "starts_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "country_rules" ADD COLUMN "ends_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "available_from" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "available_until" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "available_from" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "available_until" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_window_order" CHECK ("brands"."available_until" > "brands"."available_from");--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_window_order" CHECK ("content"."available_until" > "content"."available_from");--> statement-breakpoint
ALTER TABLE "country_rules" ADD CONSTRAINT "country_rules_window_order" CHECK ("country_rules"."ends_at" > "country_rules"."starts_at");--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_window_order" CHECK ("promos"."available_until" > "promos"."available_from");--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_window_order" CHECK ("streams"."available_until" > "streams"."available_from");