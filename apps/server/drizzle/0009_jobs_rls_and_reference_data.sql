-- Jobs, their lines and their reference data: reachable by the application role only through row-level
-- security keyed on the transaction's app.tenant_id (as in 0004), with search views as in 0005.
GRANT SELECT, INSERT, UPDATE, DELETE ON job_priorities, territories, jobs, job_lines TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE job_priorities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE territories ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE job_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_priorities
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON territories
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON jobs
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_lines
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Search views (see 0005): the trigram indexes serve a search, and the tenant filter stays.
CREATE VIEW visible_jobs AS
  SELECT * FROM jobs WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
CREATE VIEW visible_territories AS
  SELECT * FROM territories WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON visible_jobs, visible_territories TO fieldbook_app;
--> statement-breakpoint
-- Organisations made before jobs existed get what a new one gets (jobs/reference-data.ts): the four
-- priorities and one territory.
INSERT INTO job_priorities (tenant_id, id, name, rank)
  SELECT tenants.id, gen_random_uuid(), priority.name, priority.rank
  FROM tenants CROSS JOIN (VALUES ('Low', 1), ('Normal', 2), ('High', 3), ('Urgent', 4)) AS priority (name, rank);
--> statement-breakpoint
INSERT INTO territories (tenant_id, id, name) SELECT tenants.id, gen_random_uuid(), 'Local area' FROM tenants;
