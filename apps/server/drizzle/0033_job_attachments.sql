CREATE TABLE "job_attachments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"has_thumbnail" boolean NOT NULL,
	"added_by_subject" text NOT NULL,
	"added_by_name" text,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_attachments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "job_attachments" ADD CONSTRAINT "job_attachments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_attachments" ADD CONSTRAINT "job_attachments_job_fk" FOREIGN KEY ("tenant_id","job_id") REFERENCES "public"."jobs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_attachments_job_idx" ON "job_attachments" USING btree ("tenant_id","job_id","created");--> statement-breakpoint
-- A tenant table (docs/data.md): the application role reads and writes it through row-level security.
GRANT SELECT, INSERT, UPDATE, DELETE ON job_attachments TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE job_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_attachments
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
