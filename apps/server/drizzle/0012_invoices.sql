CREATE TABLE "invoice_lines" (
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text,
	"description" text NOT NULL,
	"quantity" numeric(9, 4),
	"price" numeric(17, 7),
	"amount" numeric(12, 2) NOT NULL,
	"tax_rate_id" uuid,
	"tax_name" text,
	"tax_rate" numeric(14, 4),
	CONSTRAINT "invoice_lines_tenant_id_invoice_id_position_pk" PRIMARY KEY("tenant_id","invoice_id","position"),
	CONSTRAINT "invoice_lines_tax_check" CHECK (("invoice_lines"."tax_rate_id" is null) = ("invoice_lines"."tax_name" is null) and ("invoice_lines"."tax_name" is null) = ("invoice_lines"."tax_rate" is null))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"reference" text,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"due" date NOT NULL,
	"amounts_include_tax" boolean NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('OPEN_DRAFT', 'OPEN_SENT', 'CLOSED_PAID', 'CLOSED_CANCELLED')),
	CONSTRAINT "invoices_due_check" CHECK ("invoices"."due" >= "invoices"."date")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tax_rate_fk" FOREIGN KEY ("tenant_id","tax_rate_id") REFERENCES "public"."tax_rates"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_tax_rate_idx" ON "invoice_lines" USING btree ("tenant_id","tax_rate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("tenant_id","customer_id","number");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("tenant_id","status","number");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("tenant_id","date","number");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("tenant_id","due","number");--> statement-breakpoint
CREATE INDEX "invoices_reference_trgm" ON "invoices" USING gin ("reference" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Invoices and their lines: reachable by the application role only through row-level security keyed on the
-- transaction's app.tenant_id (as in 0004), with a search view as in 0005.
GRANT SELECT, INSERT, UPDATE, DELETE ON invoices, invoice_lines TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoices
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_lines
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE VIEW visible_invoices AS
  SELECT * FROM invoices WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON visible_invoices TO fieldbook_app;
