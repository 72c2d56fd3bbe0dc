-- The kept counts per block of numbers (0019) also count every status together, as the status '*'
-- (ALL_STATUSES in db/columns.ts): a later page of the whole list finds the block it starts in from one row a
-- block (123 for a million jobs) instead of summing every status's (757), a third of the PostgreSQL time of a
-- page in the middle of a million jobs (docs/performance.md, seventeenth round). A save that changes a record's
-- status within its block changes no '*' row (its moves add up to nothing there); only a create, a delete or a
-- new number does.
INSERT INTO job_number_blocks (tenant_id, status, block, count)
  SELECT tenant_id, '*', block, sum(count) FROM job_number_blocks GROUP BY 1, 3 ORDER BY 1, 3;
--> statement-breakpoint
INSERT INTO invoice_number_blocks (tenant_id, status, block, count)
  SELECT tenant_id, '*', block, sum(count) FROM invoice_number_blocks GROUP BY 1, 3 ORDER BY 1, 3;
--> statement-breakpoint
-- count_jobs() as in 0024, and count_invoices() as in 0019, with the '*' rows kept by the same statements
-- (GROUPING SETS: each status's row and the block's '*' row).
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
      SELECT tenant_id, coalesce(status, '*'), number / 8192, count(*) FROM new_jobs
      GROUP BY tenant_id, number / 8192, GROUPING SETS (status, ()) ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = job_number_blocks.count + excluded.count;
    INSERT INTO job_schedule_counts (tenant_id, hour, count, top_number)
      SELECT tenant_id, floor(extract(epoch FROM scheduled_start) / 3600)::int, count(*), max(number) FROM new_jobs
      WHERE scheduled_start IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (tenant_id, hour) DO UPDATE SET count = job_schedule_counts.count + excluded.count,
        top_number = greatest(job_schedule_counts.top_number, excluded.top_number);
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
      SELECT tenant_id, coalesce(status, '*'), block, sum(change) FROM (
        SELECT tenant_id, status, number / 8192 AS block, -1 AS change FROM old_jobs
        UNION ALL SELECT tenant_id, status, number / 8192, 1 FROM new_jobs
      ) AS moves GROUP BY tenant_id, block, GROUPING SETS (status, ()) HAVING sum(change) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, status, block) DO UPDATE SET count = job_number_blocks.count + excluded.count;
    -- An hour a job comes into keeps its number as its top if it is higher; one a job only leaves keeps its top
    -- (coalesce: the row is there, and the 0 never wins against it).
    INSERT INTO job_schedule_counts (tenant_id, hour, count, top_number)
      SELECT tenant_id, hour, sum(change), coalesce(max(number) FILTER (WHERE change = 1), 0) FROM (
        SELECT tenant_id, floor(extract(epoch FROM scheduled_start) / 3600)::int AS hour, number, -1 AS change
          FROM old_jobs WHERE scheduled_start IS NOT NULL
        UNION ALL SELECT tenant_id, floor(extract(epoch FROM scheduled_start) / 3600)::int, number, 1
          FROM new_jobs WHERE scheduled_start IS NOT NULL
      ) AS moves GROUP BY 1, 2
      HAVING sum(change) <> 0
        OR max(number) FILTER (WHERE change = 1) IS DISTINCT FROM max(number) FILTER (WHERE change = -1)
      ORDER BY 1, 2
      ON CONFLICT (tenant_id, hour) DO UPDATE SET count = job_schedule_counts.count + excluded.count,
        top_number = greatest(job_schedule_counts.top_number, excluded.top_number);
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
      FROM (SELECT tenant_id, coalesce(status, '*') AS status, number / 8192 AS block, count(*) AS count
              FROM old_jobs GROUP BY tenant_id, number / 8192, GROUPING SETS (status, ())) AS gone
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
      SELECT tenant_id, coalesce(status, '*'), number / 8192, count(*) FROM new_invoices
      GROUP BY tenant_id, number / 8192, GROUPING SETS (status, ()) ORDER BY 1, 2, 3
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
      SELECT tenant_id, coalesce(status, '*'), block, sum(change) FROM (
        SELECT tenant_id, status, number / 8192 AS block, -1 AS change FROM old_invoices
        UNION ALL SELECT tenant_id, status, number / 8192, 1 FROM new_invoices
      ) AS moves GROUP BY tenant_id, block, GROUPING SETS (status, ()) HAVING sum(change) <> 0 ORDER BY 1, 2, 3
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
      FROM (SELECT tenant_id, coalesce(status, '*') AS status, number / 8192 AS block, count(*) AS count
              FROM old_invoices GROUP BY tenant_id, number / 8192, GROUPING SETS (status, ())) AS gone
      WHERE invoice_number_blocks.tenant_id = gone.tenant_id AND invoice_number_blocks.status = gone.status
        AND invoice_number_blocks.block = gone.block;
  END IF;
  RETURN NULL;
END $$;
