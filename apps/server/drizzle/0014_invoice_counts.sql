CREATE TABLE "invoice_counts" (
	"tenant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "invoice_counts_tenant_id_status_pk" PRIMARY KEY("tenant_id","status")
);
--> statement-breakpoint
CREATE TABLE "invoice_customer_counts" (
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "invoice_customer_counts_tenant_id_customer_id_pk" PRIMARY KEY("tenant_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_counts" ADD CONSTRAINT "invoice_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_customer_counts" ADD CONSTRAINT "invoice_customer_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- As for jobs (0010): the application reads the counts under row-level security; only the triggers write them.
GRANT SELECT ON invoice_counts, invoice_customer_counts TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE invoice_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_customer_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_counts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_customer_counts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Keeps invoice_counts (per status) and invoice_customer_counts (per customer) in step with invoices, once per
-- statement, rows locked in key order and the tables always in the same order (see count_jobs in 0010).
CREATE FUNCTION count_invoices() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_counts (tenant_id, status, count)
      SELECT tenant_id, status, count(*) FROM new_invoices GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (tenant_id, status) DO UPDATE SET count = invoice_counts.count + excluded.count;
    INSERT INTO invoice_customer_counts (tenant_id, customer_id, count)
      SELECT tenant_id, customer_id, count(*) FROM new_invoices GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (tenant_id, customer_id) DO UPDATE SET count = invoice_customer_counts.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_counts (tenant_id, status, count)
      SELECT tenant_id, status, sum(change) FROM (
        SELECT tenant_id, status, -1 AS change FROM old_invoices
        UNION ALL SELECT tenant_id, status, 1 FROM new_invoices
      ) AS moves GROUP BY 1, 2 HAVING sum(change) <> 0 ORDER BY 1, 2
      ON CONFLICT (tenant_id, status) DO UPDATE SET count = invoice_counts.count + excluded.count;
    INSERT INTO invoice_customer_counts (tenant_id, customer_id, count)
      SELECT tenant_id, customer_id, sum(change) FROM (
        SELECT tenant_id, customer_id, -1 AS change FROM old_invoices
        UNION ALL SELECT tenant_id, customer_id, 1 FROM new_invoices
      ) AS moves GROUP BY 1, 2 HAVING sum(change) <> 0 ORDER BY 1, 2
      ON CONFLICT (tenant_id, customer_id) DO UPDATE SET count = invoice_customer_counts.count + excluded.count;
  ELSE
    UPDATE invoice_counts SET count = invoice_counts.count - gone.count
      FROM (SELECT tenant_id, status, count(*) AS count FROM old_invoices GROUP BY 1, 2) AS gone
      WHERE invoice_counts.tenant_id = gone.tenant_id AND invoice_counts.status = gone.status;
    UPDATE invoice_customer_counts SET count = invoice_customer_counts.count - gone.count
      FROM (SELECT tenant_id, customer_id, count(*) AS count FROM old_invoices GROUP BY 1, 2) AS gone
      WHERE invoice_customer_counts.tenant_id = gone.tenant_id
        AND invoice_customer_counts.customer_id = gone.customer_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_counted_on_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_invoices FOR EACH STATEMENT EXECUTE FUNCTION count_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_counted_on_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_invoices NEW TABLE AS new_invoices FOR EACH STATEMENT EXECUTE FUNCTION count_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_counted_on_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_invoices FOR EACH STATEMENT EXECUTE FUNCTION count_invoices();
--> statement-breakpoint
INSERT INTO invoice_counts (tenant_id, status, count) SELECT tenant_id, status, count(*) FROM invoices GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO invoice_customer_counts (tenant_id, customer_id, count)
  SELECT tenant_id, customer_id, count(*) FROM invoices GROUP BY 1, 2;
