CREATE TABLE "content_not_planned" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"lang_id" integer NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_not_planned" ADD CONSTRAINT "content_not_planned_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_not_planned" ADD CONSTRAINT "content_not_planned_lang_id_languages_id_fk" FOREIGN KEY ("lang_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_not_planned_content_lang_uq" ON "content_not_planned" USING btree ("content_id","lang_id");--> statement-breakpoint
CREATE INDEX "content_not_planned_lang_idx" ON "content_not_planned" USING btree ("lang_id");--> statement-breakpoint
-- Like every change to the catalogue, a language marked not planned (or planned again) is in the history.
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON content_not_planned FOR EACH ROW EXECUTE FUNCTION audit_change();
