CREATE TABLE "job_signatures" (
	"tenant_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"customer_not_present" boolean NOT NULL,
	"signer_name" text,
	"image" "bytea",
	"signed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"taken_by" text,
	CONSTRAINT "job_signatures_tenant_id_job_id_pk" PRIMARY KEY("tenant_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "job_signatures" ADD CONSTRAINT "job_signatures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_signatures" ADD CONSTRAINT "job_signatures_job_fk" FOREIGN KEY ("tenant_id","job_id") REFERENCES "public"."jobs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A tenant table (docs/data.md): the application role reads and writes it through row-level security.
GRANT SELECT, INSERT, UPDATE, DELETE ON job_signatures TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE job_signatures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_signatures
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
