ALTER TABLE "view_daily" DROP CONSTRAINT "view_daily_content_id_content_id_fk";
--> statement-breakpoint
ALTER TABLE "view_daily_content" DROP CONSTRAINT "view_daily_content_content_id_content_id_fk";
--> statement-breakpoint
-- Written by hand (drizzle-kit models neither triggers, collations nor storage parameters); why, in
-- docs/decisions/035-view-ingestion-writes.md. Ingestion checks content once a batch and holds those rows
-- FOR KEY SHARE until it commits, so a delete of content waits for it; this trigger then deletes that
-- content's rollup rows, in the deleting statement, as the foreign keys' ON DELETE CASCADE did.
CREATE FUNCTION view_rollups_follow_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM view_daily WHERE content_id = OLD.id;
  DELETE FROM view_daily_content WHERE content_id = OLD.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER view_rollups_follow_content AFTER DELETE ON content FOR EACH ROW EXECUTE FUNCTION view_rollups_follow_content();
--> statement-breakpoint
-- Rows left behind by content deleted while no key held them (none are expected): the cascade's promise kept.
DELETE FROM view_daily d WHERE NOT EXISTS (SELECT 1 FROM content c WHERE c.id = d.content_id);
--> statement-breakpoint
DELETE FROM view_daily_content d WHERE NOT EXISTS (SELECT 1 FROM content c WHERE c.id = d.content_id);
--> statement-breakpoint
ALTER TABLE view_event_ids ALTER COLUMN event_id TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE view_daily ALTER COLUMN country TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE view_daily_content SET (fillfactor = 50);
