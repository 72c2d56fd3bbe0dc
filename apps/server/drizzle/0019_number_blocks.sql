CREATE TABLE "invoice_number_blocks" (
	"tenant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"block" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "invoice_number_blocks_tenant_id_status_block_pk" PRIMARY KEY("tenant_id","status","block")
);
--> statement-breakpoint
CREATE TABLE "job_number_blocks" (
	"tenant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"block" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "job_number_blocks_tenant_id_status_block_pk" PRIMARY KEY("tenant_id","status","block")
);
--> statement-breakpoint
ALTER TABLE "invoice_number_blocks" ADD CONSTRAINT "invoice_number_blocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_number_blocks" ADD CONSTRAINT "job_number_blocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- As for the other kept counts (0010, 0014, 0018): the application reads them under row-level security; only the
-- triggers below write them.
GRANT SELECT ON job_number_blocks, invoice_number_blocks TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE job_number_blocks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_number_blocks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_number_blocks
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_number_blocks
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Keeps job_number_blocks (jobs per tenant, status and block of 8192 numbers: NUMBER_BLOCK in db/columns.ts) in
-- step with jobs, once per statement, rows locked in key order, as count_jobs() (0010) keeps job_counts. Its
-- triggers are named to fire after count_jobs()'s (triggers on one event fire in name order), so every write
-- locks the kept counts' rows in the same order. A delete only lowers counts that exist.
CREATE FUNCTION count_job_blocks() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_number_blocks (tenant_id, status, block, count)
      SELECT tenant_id, status, number / 8192, count(*) FROM new_jobs GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = job_number_blocks.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO job_number_blocks (tenant_id, status, block, count)
      SELECT tenant_id, status, block, sum(change) FROM (
        SELECT tenant_id, status, number / 8192 AS block, -1 AS change FROM old_jobs
        UNION ALL SELECT tenant_id, status, number / 8192, 1 FROM new_jobs
      ) AS moves GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = job_number_blocks.count + excluded.count;
  ELSE
    UPDATE job_number_blocks SET count = job_number_blocks.count - gone.count
      FROM (SELECT tenant_id, status, number / 8192 AS block, count(*) AS count FROM old_jobs GROUP BY 1, 2, 3) AS gone
      WHERE job_number_blocks.tenant_id = gone.tenant_id AND job_number_blocks.status = gone.status
        AND job_number_blocks.block = gone.block;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_counted_per_block_on_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION count_job_blocks();
--> statement-breakpoint
CREATE TRIGGER jobs_counted_per_block_on_update AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_jobs NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION count_job_blocks();
--> statement-breakpoint
CREATE TRIGGER jobs_counted_per_block_on_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_jobs FOR EACH STATEMENT EXECUTE FUNCTION count_job_blocks();
--> statement-breakpoint
-- The same for invoices, after count_invoices() (0014).
CREATE FUNCTION count_invoice_blocks() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_number_blocks (tenant_id, status, block, count)
      SELECT tenant_id, status, number / 8192, count(*) FROM new_invoices GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = invoice_number_blocks.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_number_blocks (tenant_id, status, block, count)
      SELECT tenant_id, status, block, sum(change) FROM (
        SELECT tenant_id, status, number / 8192 AS block, -1 AS change FROM old_invoices
        UNION ALL SELECT tenant_id, status, number / 8192, 1 FROM new_invoices
      ) AS moves GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = invoice_number_blocks.count + excluded.count;
  ELSE
    UPDATE invoice_number_blocks SET count = invoice_number_blocks.count - gone.count
      FROM (SELECT tenant_id, status, number / 8192 AS block, count(*) AS count FROM old_invoices GROUP BY 1, 2, 3)
        AS gone
      WHERE invoice_number_blocks.tenant_id = gone.tenant_id AND invoice_number_blocks.status = gone.status
        AND invoice_number_blocks.block = gone.block;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_counted_per_block_on_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_invoices FOR EACH STATEMENT EXECUTE FUNCTION count_invoice_blocks();
--> statement-breakpoint
CREATE TRIGGER invoices_counted_per_block_on_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_invoices NEW TABLE AS new_invoices FOR EACH STATEMENT EXECUTE FUNCTION count_invoice_blocks();
--> statement-breakpoint
CREATE TRIGGER invoices_counted_per_block_on_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_invoices FOR EACH STATEMENT EXECUTE FUNCTION count_invoice_blocks();
--> statement-breakpoint
INSERT INTO job_number_blocks (tenant_id, status, block, count)
  SELECT tenant_id, status, number / 8192, count(*) FROM jobs GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO invoice_number_blocks (tenant_id, status, block, count)
  SELECT tenant_id, status, number / 8192, count(*) FROM invoices GROUP BY 1, 2, 3;
