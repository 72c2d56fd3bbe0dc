CREATE TABLE "invoice_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"recorded_by_subject" text NOT NULL,
	"recorded_by_name" text,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount" > 0),
	CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('BANK_TRANSFER', 'CARD', 'CASH', 'CHEQUE', 'OTHER'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "total" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("tenant_id","invoice_id","date");--> statement-breakpoint
CREATE INDEX "invoice_payments_date_idx" ON "invoice_payments" USING btree ("tenant_id","date");--> statement-breakpoint
-- Every invoice's total, as the domain's invoiceTotals gives it: the sum of the lines' amounts, plus, when amounts
-- exclude tax, each line's tax rounded half away from zero to the cent (numeric round), as divideHalfUp rounds.
UPDATE invoices SET total = t.total FROM (
  SELECT l.tenant_id, l.invoice_id,
    sum(l.amount) + CASE WHEN bool_and(i.amounts_include_tax) THEN 0
      ELSE coalesce(sum(round(l.amount * l.tax_rate / 100, 2)), 0) END AS total
  FROM invoice_lines l JOIN invoices i ON i.tenant_id = l.tenant_id AND i.id = l.invoice_id
  GROUP BY l.tenant_id, l.invoice_id
) AS t WHERE invoices.tenant_id = t.tenant_id AND invoices.id = t.invoice_id;
--> statement-breakpoint
-- An invoice marked Paid before payments were recorded was paid in full: one payment of its total, on the day it
-- was last changed (in its organisation's zone), so that its amount due is $0.00 as its status says.
INSERT INTO invoice_payments (tenant_id, id, invoice_id, date, amount, method, note, recorded_by_subject, created, updated)
  SELECT i.tenant_id, gen_random_uuid(), i.id,
    greatest(i.date, (i.updated AT TIME ZONE coalesce(o.time_zone, 'Australia/Melbourne'))::date),
    i.total, 'OTHER', 'The invoice was marked Paid before payments were recorded.', 'fieldbook', i.updated, i.updated
  FROM invoices i LEFT JOIN organisation_details o ON o.tenant_id = i.tenant_id
  WHERE i.status = 'CLOSED_PAID' AND i.total > 0;
--> statement-breakpoint
UPDATE invoices SET amount_paid = total WHERE status = 'CLOSED_PAID' AND total > 0;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_check" CHECK ("invoices"."amount_paid" >= 0 and "invoices"."amount_paid" <= "invoices"."total");
--> statement-breakpoint
-- The search view names its columns as they were when it was made; it gains total and amount_paid at its end.
CREATE OR REPLACE VIEW visible_invoices AS
  SELECT * FROM invoices WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
-- A tenant table (docs/data.md): the application role reads and writes it through row-level security.
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_payments TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE invoice_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_payments
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
