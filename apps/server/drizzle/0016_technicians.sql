CREATE TABLE "technicians" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technicians_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "technicians_name_key" ON "technicians" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
-- Reachable by the application role only through row-level security on the transaction's app.tenant_id (0004).
-- A handful per tenant: no search view. Retired, never deleted.
GRANT SELECT, INSERT, UPDATE ON technicians TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE technicians ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON technicians
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Every organisation gets the five technicians a new one gets (STARTING_TECHNICIANS) ...
INSERT INTO technicians (tenant_id, id, name)
  SELECT tenants.id, gen_random_uuid(), starting.name
  FROM tenants CROSS JOIN (VALUES ('SE01'), ('SE02'), ('SE03'), ('SE04'), ('SE05')) AS starting (name);
--> statement-breakpoint
-- ... and one for every other name its jobs were assigned to, when assignees were free text.
INSERT INTO technicians (tenant_id, id, name)
  SELECT DISTINCT ON (jobs.tenant_id, lower(trim(jobs.assignee))) jobs.tenant_id, gen_random_uuid(), trim(jobs.assignee)
  FROM jobs
  WHERE trim(coalesce(jobs.assignee, '')) <> ''
    AND NOT EXISTS (
      SELECT 1 FROM technicians
      WHERE technicians.tenant_id = jobs.tenant_id AND lower(technicians.name) = lower(trim(jobs.assignee)));
--> statement-breakpoint
-- A job's assignee is now its technician's id. The search view selects every column, so it is made again.
DROP VIEW visible_jobs;
--> statement-breakpoint
UPDATE jobs SET assignee = technicians.id::text
  FROM technicians
  WHERE technicians.tenant_id = jobs.tenant_id AND lower(technicians.name) = lower(trim(jobs.assignee));
--> statement-breakpoint
UPDATE jobs SET assignee = NULL WHERE trim(coalesce(assignee, '')) = '';
--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "assignee" SET DATA TYPE uuid USING assignee::uuid;
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_assignee_fk" FOREIGN KEY ("tenant_id","assignee") REFERENCES "public"."technicians"("tenant_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE VIEW visible_jobs AS
  SELECT * FROM jobs WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON visible_jobs TO fieldbook_app;
