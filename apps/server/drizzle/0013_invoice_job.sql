ALTER TABLE "invoices" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_fk" FOREIGN KEY ("tenant_id","job_id") REFERENCES "public"."jobs"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_job_idx" ON "invoices" USING btree ("tenant_id","job_id");--> statement-breakpoint
-- The search view names its columns as they were when it was made (0012); it gains job_id at its end.
CREATE OR REPLACE VIEW visible_invoices AS
  SELECT * FROM invoices WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
