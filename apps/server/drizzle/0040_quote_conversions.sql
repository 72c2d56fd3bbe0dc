ALTER TABLE "quotes" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_job_fk" FOREIGN KEY ("tenant_id","job_id") REFERENCES "public"."jobs"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_job_idx" ON "quotes" USING btree ("tenant_id","job_id");--> statement-breakpoint
CREATE INDEX "quotes_invoice_idx" ON "quotes" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
-- visible_quotes was made with `SELECT *`, which PostgreSQL expands when the view is made: made again, it has the
-- new columns.
DROP VIEW visible_quotes;--> statement-breakpoint
CREATE VIEW visible_quotes AS
  SELECT * FROM quotes WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;--> statement-breakpoint
GRANT SELECT ON visible_quotes TO fieldbook_app;
