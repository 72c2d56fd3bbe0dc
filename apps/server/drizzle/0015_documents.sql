CREATE TABLE "organisation_details" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text,
	"abn" text,
	"gst_registered" boolean DEFAULT true NOT NULL,
	"address" text,
	"phone" text,
	"email" text,
	"website" text,
	"payment_account_name" text,
	"payment_bsb" text,
	"payment_account_number" text,
	"payment_text" text,
	"payment_terms_days" integer DEFAULT 0 NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"invoice_template_id" uuid NOT NULL,
	"job_template_id" uuid NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"document" text NOT NULL,
	"body" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "templates_type_check" CHECK ("templates"."type" in ('typst')),
	CONSTRAINT "templates_document_check" CHECK ("templates"."document" in ('invoice', 'job'))
);
--> statement-breakpoint
ALTER TABLE "organisation_details" ADD CONSTRAINT "organisation_details_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD CONSTRAINT "organisation_details_invoice_template_fk" FOREIGN KEY ("tenant_id","invoice_template_id") REFERENCES "public"."templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD CONSTRAINT "organisation_details_job_template_fk" FOREIGN KEY ("tenant_id","job_template_id") REFERENCES "public"."templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Reachable by the application role only through row-level security on the transaction's app.tenant_id (0004).
-- A tenant has a handful of templates and one details row: no search view.
GRANT SELECT, INSERT, UPDATE, DELETE ON templates TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON templates
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON organisation_details TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE organisation_details ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON organisation_details
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- The organisation details page renames the tenant: its name only, and only its own row (the policy of 0001).
GRANT UPDATE (name, updated) ON tenants TO fieldbook_app;
