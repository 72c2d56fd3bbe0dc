CREATE TABLE "job_counts" (
	"tenant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "job_counts_tenant_id_status_pk" PRIMARY KEY("tenant_id","status")
);
--> statement-breakpoint
CREATE TABLE "job_site_counts" (
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "job_site_counts_tenant_id_customer_id_location_id_pk" PRIMARY KEY("tenant_id","customer_id","location_id")
);
--> statement-breakpoint
DROP INDEX "jobs_number_trgm";--> statement-breakpoint
DROP INDEX "jobs_location_idx";--> statement-breakpoint
DROP INDEX "jobs_scheduled_start_idx";--> statement-breakpoint
ALTER TABLE "job_counts" ADD CONSTRAINT "job_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_counts" ADD CONSTRAINT "job_site_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_site_counts_location_idx" ON "job_site_counts" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE INDEX "jobs_location_idx" ON "jobs" USING btree ("tenant_id","location_id","number");--> statement-breakpoint
CREATE INDEX "jobs_scheduled_start_idx" ON "jobs" USING btree ("tenant_id","scheduled_start","number");--> statement-breakpoint
-- The application reads the counts under row-level security as for every tenant table (0004, 0009); only the
-- triggers below write them, as the tables' owner.
GRANT SELECT ON job_counts, job_site_counts TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE job_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE job_site_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_counts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_site_counts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Keeps job_counts (per status) and job_site_counts (per customer and location, the nil uuid for none) in step
-- with jobs, once per statement: an import of a thousand jobs is one upsert per table. Each table's rows are
-- locked in key order, the tables always in the same order, so saves running at once cannot deadlock. A delete
-- only lowers counts that exist: when a whole tenant is deleted, its counts may already be gone.
CREATE FUNCTION count_jobs() RETURNS trigger
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
  ELSIF TG_OP = 'UPDATE' THEN
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
  ELSE
    UPDATE job_counts SET count = job_counts.count - gone.count
      FROM (SELECT tenant_id, status, count(*) AS count FROM old_jobs GROUP BY 1, 2) AS gone
      WHERE job_counts.tenant_id = gone.tenant_id AND job_counts.status = gone.status;
    UPDATE job_site_counts SET count = job_site_counts.count - gone.count
      FROM (SELECT tenant_id, customer_id, coalesce(location_id, '00000000-0000-0000-0000-000000000000') AS site,
              count(*) AS count FROM old_jobs GROUP BY 1, 2, 3) AS gone
      WHERE job_site_counts.tenant_id = gone.tenant_id AND job_site_counts.customer_id = gone.customer_id
        AND job_site_counts.location_id = gone.site;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_counted_on_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION count_jobs();
--> statement-breakpoint
CREATE TRIGGER jobs_counted_on_update AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_jobs NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION count_jobs();
--> statement-breakpoint
CREATE TRIGGER jobs_counted_on_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_jobs FOR EACH STATEMENT EXECUTE FUNCTION count_jobs();
--> statement-breakpoint
INSERT INTO job_counts (tenant_id, status, count) SELECT tenant_id, status, count(*) FROM jobs GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO job_site_counts (tenant_id, customer_id, location_id, count)
  SELECT tenant_id, customer_id, coalesce(location_id, '00000000-0000-0000-0000-000000000000'), count(*)
  FROM jobs GROUP BY 1, 2, 3;
