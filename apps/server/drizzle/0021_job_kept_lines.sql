-- A job keeps its lines as the API gives them (quantity without trailing zeros, a price with at least 2 decimals,
-- the amount with 2), written with the lines in the same statement, so a page of jobs reads no lines
-- (docs/server.md, "Kept lines"). job_lines stays what the lines are; this is their reading.
ALTER TABLE "jobs" ADD COLUMN "items" json DEFAULT '[]'::json NOT NULL;
--> statement-breakpoint
UPDATE jobs SET items = kept.items
  FROM (
    SELECT tenant_id, job_id, json_agg(json_build_object(
        'code', code, 'description', description,
        'quantity', trim_scale(quantity)::text,
        'price', round(price, greatest(scale(trim_scale(price)), 2))::text,
        'amount', amount::text) ORDER BY position) AS items
    FROM job_lines GROUP BY tenant_id, job_id
  ) AS kept
  WHERE jobs.tenant_id = kept.tenant_id AND jobs.id = kept.job_id;
--> statement-breakpoint
-- The search view selects every column, so it is made again to have the new one.
DROP VIEW visible_jobs;
--> statement-breakpoint
CREATE VIEW visible_jobs AS
  SELECT * FROM jobs WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON visible_jobs TO fieldbook_app;
