CREATE TABLE "file_deletions" (
	"tenant_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"has_thumbnail" boolean NOT NULL,
	"queued" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_deletions_tenant_id_attachment_id_pk" PRIMARY KEY("tenant_id","attachment_id")
);
--> statement-breakpoint
ALTER TABLE "file_deletions" ADD CONSTRAINT "file_deletions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written only by the trigger below (SECURITY DEFINER), read and emptied by the housekeeping as the system: the app
-- role has no privilege on it, and it needs no row-level security.
REVOKE ALL ON file_deletions FROM fieldbook_app;
--> statement-breakpoint
CREATE FUNCTION queue_file_deletions() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  INSERT INTO file_deletions (tenant_id, attachment_id, has_thumbnail)
    SELECT tenant_id, id, has_thumbnail FROM old_attachments
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER job_attachments_queue_file_deletions AFTER DELETE ON job_attachments
  REFERENCING OLD TABLE AS old_attachments FOR EACH STATEMENT EXECUTE FUNCTION queue_file_deletions();
