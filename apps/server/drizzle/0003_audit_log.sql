CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_email" text,
	"call" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): one row per changed row, in the changing transaction.
-- The user and the call come from the transaction-local setting kids_vod.actor (apps/server/src/lib/actor.ts).
-- An update that changes no column is not a change, and leaves no row.
CREATE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('kids_vod.actor', true), '')::jsonb;
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  row_data jsonb := coalesce(new_row, old_row);
BEGIN
  IF TG_OP = 'UPDATE' AND old_row = new_row THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_log (user_id, user_email, call, entity, entity_id, action, before, after)
  VALUES (
    (actor ->> 'user_id')::integer,
    actor ->> 'user_email',
    actor ->> 'call',
    TG_TABLE_NAME,
    coalesce(row_data ->> 'id', concat_ws(':', row_data ->> 'key', row_data ->> 'lang_id')),
    lower(TG_OP),
    old_row,
    new_row
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The tables of the catalogue; not users, sessions, login_failures (secrets, sign-in noise) nor view_* (machine data).
DO $$
DECLARE
  audited text;
BEGIN
  FOREACH audited IN ARRAY ARRAY[
    'languages', 'brands', 'brand_langs', 'country_rules', 'content', 'content_langs', 'video_files',
    'content_links', 'promos', 'streams', 'promo_codes', 'locale_keys', 'locale_strings', 'catalog_builds'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_change()',
      audited
    );
  END LOOP;
END
$$;
