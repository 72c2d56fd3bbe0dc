-- Each hour's kept count of jobs (0019) also keeps a top number: at least the highest number of a job the hour has
-- had. Raised by every job that comes into the hour (made there, or moved there) and never lowered (a job that
-- leaves or is deleted leaves it as it was), so no job of the hour has a higher number. A week's page of jobs, newest
-- first, is walked down from the highest top of its hours instead of from the tenant's newest job: a past week's
-- jobs sit far back among the numbers, and a walk from the newest passed every newer job (lists/numbered-lists.ts).
ALTER TABLE "job_schedule_counts" ADD COLUMN "top_number" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE job_schedule_counts SET top_number = tops.top
  FROM (SELECT tenant_id, floor(extract(epoch FROM scheduled_start) / 3600)::int AS hour, max(number) AS top
          FROM jobs WHERE scheduled_start IS NOT NULL GROUP BY 1, 2) AS tops
  WHERE job_schedule_counts.tenant_id = tops.tenant_id AND job_schedule_counts.hour = tops.hour;
--> statement-breakpoint
ALTER TABLE "job_schedule_counts" ALTER COLUMN "top_number" DROP DEFAULT;
--> statement-breakpoint
-- count_jobs() as in 0019, with the top numbers kept: an update that moves a job within its hour and keeps its
-- number (most saves of a scheduled job) still changes no row.
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
      SELECT tenant_id, status, block, sum(change) FROM (
        SELECT tenant_id, status, number / 8192 AS block, -1 AS change FROM old_jobs
        UNION ALL SELECT tenant_id, status, number / 8192, 1 FROM new_jobs
      ) AS moves GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
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
