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
CREATE TABLE "job_schedule_counts" (
	"tenant_id" uuid NOT NULL,
	"hour" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "job_schedule_counts_tenant_id_hour_pk" PRIMARY KEY("tenant_id","hour")
);
--> statement-breakpoint
ALTER TABLE "invoice_number_blocks" ADD CONSTRAINT "invoice_number_blocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_number_blocks" ADD CONSTRAINT "job_number_blocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_schedule_counts" ADD CONSTRAINT "job_schedule_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- As for the other kept counts (0010, 0014, 0018): the application reads them under row-level security; only the
-- triggers below write them.
GRANT SELECT ON job_number_blocks, job_schedule_counts, invoice_number_blocks TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE job_number_blocks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_number_blocks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE job_schedule_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_number_blocks
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_schedule_counts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_number_blocks
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- count_jobs() (0010) also keeps job_number_blocks (jobs per tenant, status and block of 8192 numbers:
-- NUMBER_BLOCK in db/columns.ts) and job_schedule_counts (jobs per tenant and hour of their scheduled start, as
-- whole hours since 1970 UTC: hourOf in lists/numbered-lists.ts), in the same statement-level triggers, after its
-- other counts: every write locks the kept counts' rows in the same order, each table's in key order. An update
-- that moves no job between counts (a save that keeps its status, customer, site, number and scheduled start, as
-- most do) now leaves at once: one query over the transition tables instead of an upsert per table.
CREATE OR REPLACE FUNCTION count_jobs() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_counts (tenant_id, status, count)
      SELECT tenant_id, status, count(*) FROM new_jobs GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (tenant_id, status) DO UPDATE SET count = job_counts.count + excluded.count;
    INSERT INTO job_site_counts (tenant_id, customer_id, location_id, count)
      SELECT tenant_id, customer_id, coalesce(location_id, '00000000-0000-0000-0000-000000000000'), count(*)
      FROM new_jobs GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, customer_id, location_id)
      DO UPDATE SET count = job_site_counts.count + excluded.count;
    INSERT INTO job_number_blocks (tenant_id, status, block, count)
      SELECT tenant_id, status, number / 8192, count(*) FROM new_jobs GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = job_number_blocks.count + excluded.count;
    INSERT INTO job_schedule_counts (tenant_id, hour, count)
      SELECT tenant_id, floor(extract(epoch FROM scheduled_start) / 3600)::int, count(*) FROM new_jobs
      WHERE scheduled_start IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (tenant_id, hour) DO UPDATE SET count = job_schedule_counts.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A save that moves no job between counts (most do not) changes none of them.
    IF NOT EXISTS (
      SELECT tenant_id, status, customer_id, location_id, number, scheduled_start FROM new_jobs
      EXCEPT ALL SELECT tenant_id, status, customer_id, location_id, number, scheduled_start FROM old_jobs
    ) THEN
      RETURN NULL;
    END IF;
    INSERT INTO job_counts (tenant_id, status, count)
      SELECT tenant_id, status, sum(change) FROM (
        SELECT tenant_id, status, -1 AS change FROM old_jobs
        UNION ALL SELECT tenant_id, status, 1 FROM new_jobs
      ) AS moves GROUP BY 1, 2 HAVING sum(change) <> 0 ORDER BY 1, 2
      ON CONFLICT (tenant_id, status) DO UPDATE SET count = job_counts.count + excluded.count;
    INSERT INTO job_site_counts (tenant_id, customer_id, location_id, count)
      SELECT tenant_id, customer_id, site, sum(change) FROM (
        SELECT tenant_id, customer_id, coalesce(location_id, '00000000-0000-0000-0000-000000000000') AS site,
          -1 AS change FROM old_jobs
        UNION ALL SELECT tenant_id, customer_id, coalesce(location_id, '00000000-0000-0000-0000-000000000000'), 1
          FROM new_jobs
      ) AS moves GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, customer_id, location_id)
      DO UPDATE SET count = job_site_counts.count + excluded.count;
    INSERT INTO job_number_blocks (tenant_id, status, block, count)
      SELECT tenant_id, status, block, sum(change) FROM (
        SELECT tenant_id, status, number / 8192 AS block, -1 AS change FROM old_jobs
        UNION ALL SELECT tenant_id, status, number / 8192, 1 FROM new_jobs
      ) AS moves GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = job_number_blocks.count + excluded.count;
    INSERT INTO job_schedule_counts (tenant_id, hour, count)
      SELECT tenant_id, hour, sum(change) FROM (
        SELECT tenant_id, floor(extract(epoch FROM scheduled_start) / 3600)::int AS hour, -1 AS change
          FROM old_jobs WHERE scheduled_start IS NOT NULL
        UNION ALL SELECT tenant_id, floor(extract(epoch FROM scheduled_start) / 3600)::int, 1
          FROM new_jobs WHERE scheduled_start IS NOT NULL
      ) AS moves GROUP BY 1, 2 HAVING sum(change) <> 0 ORDER BY 1, 2
      ON CONFLICT (tenant_id, hour) DO UPDATE SET count = job_schedule_counts.count + excluded.count;
  ELSE
    UPDATE job_counts SET count = job_counts.count - gone.count
      FROM (SELECT tenant_id, status, count(*) AS count FROM old_jobs GROUP BY 1, 2) AS gone
      WHERE job_counts.tenant_id = gone.tenant_id AND job_counts.status = gone.status;
    UPDATE job_site_counts SET count = job_site_counts.count - gone.count
      FROM (SELECT tenant_id, customer_id, coalesce(location_id, '00000000-0000-0000-0000-000000000000') AS site,
              count(*) AS count FROM old_jobs GROUP BY 1, 2, 3) AS gone
      WHERE job_site_counts.tenant_id = gone.tenant_id AND job_site_counts.customer_id = gone.customer_id
        AND job_site_counts.location_id = gone.site;
    UPDATE job_number_blocks SET count = job_number_blocks.count - gone.count
      FROM (SELECT tenant_id, status, number / 8192 AS block, count(*) AS count FROM old_jobs GROUP BY 1, 2, 3) AS gone
      WHERE job_number_blocks.tenant_id = gone.tenant_id AND job_number_blocks.status = gone.status
        AND job_number_blocks.block = gone.block;
    UPDATE job_schedule_counts SET count = job_schedule_counts.count - gone.count
      FROM (SELECT tenant_id, floor(extract(epoch FROM scheduled_start) / 3600)::int AS hour, count(*) AS count
              FROM old_jobs WHERE scheduled_start IS NOT NULL GROUP BY 1, 2) AS gone
      WHERE job_schedule_counts.tenant_id = gone.tenant_id AND job_schedule_counts.hour = gone.hour;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The same for invoices: count_invoices() (0014) also keeps invoice_number_blocks.
CREATE OR REPLACE FUNCTION count_invoices() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_counts (tenant_id, status, count)
      SELECT tenant_id, status, count(*) FROM new_invoices GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (tenant_id, status) DO UPDATE SET count = invoice_counts.count + excluded.count;
    INSERT INTO invoice_customer_counts (tenant_id, customer_id, count)
      SELECT tenant_id, customer_id, count(*) FROM new_invoices GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (tenant_id, customer_id) DO UPDATE SET count = invoice_customer_counts.count + excluded.count;
    INSERT INTO invoice_number_blocks (tenant_id, status, block, count)
      SELECT tenant_id, status, number / 8192, count(*) FROM new_invoices GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = invoice_number_blocks.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT tenant_id, status, customer_id, number FROM new_invoices
      EXCEPT ALL SELECT tenant_id, status, customer_id, number FROM old_invoices
    ) THEN
      RETURN NULL;
    END IF;
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
    INSERT INTO invoice_number_blocks (tenant_id, status, block, count)
      SELECT tenant_id, status, block, sum(change) FROM (
        SELECT tenant_id, status, number / 8192 AS block, -1 AS change FROM old_invoices
        UNION ALL SELECT tenant_id, status, number / 8192, 1 FROM new_invoices
      ) AS moves GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = invoice_number_blocks.count + excluded.count;
  ELSE
    UPDATE invoice_counts SET count = invoice_counts.count - gone.count
      FROM (SELECT tenant_id, status, count(*) AS count FROM old_invoices GROUP BY 1, 2) AS gone
      WHERE invoice_counts.tenant_id = gone.tenant_id AND invoice_counts.status = gone.status;
    UPDATE invoice_customer_counts SET count = invoice_customer_counts.count - gone.count
      FROM (SELECT tenant_id, customer_id, count(*) AS count FROM old_invoices GROUP BY 1, 2) AS gone
      WHERE invoice_customer_counts.tenant_id = gone.tenant_id
        AND invoice_customer_counts.customer_id = gone.customer_id;
    UPDATE invoice_number_blocks SET count = invoice_number_blocks.count - gone.count
      FROM (SELECT tenant_id, status, number / 8192 AS block, count(*) AS count FROM old_invoices GROUP BY 1, 2, 3)
        AS gone
      WHERE invoice_number_blocks.tenant_id = gone.tenant_id AND invoice_number_blocks.status = gone.status
        AND invoice_number_blocks.block = gone.block;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO job_number_blocks (tenant_id, status, block, count)
  SELECT tenant_id, status, number / 8192, count(*) FROM jobs GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO invoice_number_blocks (tenant_id, status, block, count)
  SELECT tenant_id, status, number / 8192, count(*) FROM invoices GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO job_schedule_counts (tenant_id, hour, count)
  SELECT tenant_id, floor(extract(epoch FROM scheduled_start) / 3600)::int, count(*) FROM jobs
  WHERE scheduled_start IS NOT NULL GROUP BY 1, 2;
