CREATE TABLE "customer_counts" (
	"tenant_id" uuid NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "customer_counts_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- As for jobs (0010) and invoices (0014): the application reads the count under row-level security; only the
-- triggers below write it.
GRANT SELECT ON customer_counts TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE customer_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON customer_counts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Keeps customer_counts (customers per tenant: every customer is on the tenant's unfiltered list) in step with
-- customers, once per statement, rows locked in key order (see count_jobs in 0010). Only a change of tenant_id moves
-- a customer between counts on update; the owner alone could make one.
CREATE FUNCTION count_customers() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_counts (tenant_id, count)
      SELECT tenant_id, count(*) FROM new_customers GROUP BY 1 ORDER BY 1
      ON CONFLICT (tenant_id) DO UPDATE SET count = customer_counts.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO customer_counts (tenant_id, count)
      SELECT tenant_id, sum(change) FROM (
        SELECT tenant_id, -1 AS change FROM old_customers
        UNION ALL SELECT tenant_id, 1 FROM new_customers
      ) AS moves GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
      ON CONFLICT (tenant_id) DO UPDATE SET count = customer_counts.count + excluded.count;
  ELSE
    UPDATE customer_counts SET count = customer_counts.count - gone.count
      FROM (SELECT tenant_id, count(*) AS count FROM old_customers GROUP BY 1) AS gone
      WHERE customer_counts.tenant_id = gone.tenant_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_counted_on_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_customers FOR EACH STATEMENT EXECUTE FUNCTION count_customers();
--> statement-breakpoint
CREATE TRIGGER customers_counted_on_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers FOR EACH STATEMENT EXECUTE FUNCTION count_customers();
--> statement-breakpoint
CREATE TRIGGER customers_counted_on_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_customers FOR EACH STATEMENT EXECUTE FUNCTION count_customers();
--> statement-breakpoint
INSERT INTO customer_counts (tenant_id, count) SELECT tenant_id, count(*) FROM customers GROUP BY 1;
