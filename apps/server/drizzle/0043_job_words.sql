CREATE TABLE "job_words" (
	"tenant_id" uuid NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"number" integer NOT NULL,
	CONSTRAINT "job_words_tenant_id_word_number_pk" PRIMARY KEY("tenant_id","word","number")
);
--> statement-breakpoint
ALTER TABLE "job_words" ADD CONSTRAINT "job_words_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_words_number_idx" ON "job_words" USING btree ("tenant_id","number");--> statement-breakpoint
-- The application reads the words under row-level security as every tenant table (0010); only the triggers below
-- write them, as the tables' owner.
GRANT SELECT ON job_words TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE job_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_words
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- The words of these jobs (by tenant and number, pairwise) made again from the search words kept beside their
-- reference and their customer's and location's names (0028). A job no longer there loses its words. These
-- functions plan their statements once (a generic plan): planned for each call's arrays, a save's words took 8 ms on
-- PGlite, 0.9 with the one plan.
CREATE FUNCTION rewrite_job_words(tenants uuid[], numbers integer[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM job_words USING unnest(tenants, numbers) AS changed(tenant_id, number)
    WHERE job_words.tenant_id = changed.tenant_id AND job_words.number = changed.number;
  INSERT INTO job_words (tenant_id, word, number)
    SELECT DISTINCT jobs.tenant_id, word, jobs.number
    FROM unnest(tenants, numbers) AS changed(tenant_id, number)
    JOIN jobs ON jobs.tenant_id = changed.tenant_id AND jobs.number = changed.number
    JOIN customers ON customers.tenant_id = jobs.tenant_id AND customers.id = jobs.customer_id
    LEFT JOIN locations ON locations.tenant_id = jobs.tenant_id AND locations.id = jobs.location_id
    CROSS JOIN LATERAL string_to_table(coalesce(jobs.reference_words, '') || coalesce(customers.name_words, '')
      || coalesce(locations.name_words, ''), ' ') AS word
    WHERE word <> '';
END $$;
--> statement-breakpoint
-- A job's create, save or delete, once per statement (an import of a thousand jobs is one delete and one insert).
-- A save changes the words only when its reference, customer, location, number or tenant changed; the rows before
-- and after are paired by id (unique), and the old and the new number's words are both made again. The job's customer and location
-- are locked FOR SHARE first: a rename waits for the job's transaction, or the job for the rename's, so the words
-- are made from the name that commits last (a rename's own lock does not conflict with the job's foreign key check).
CREATE FUNCTION keep_job_words() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  tenants uuid[];
  numbers integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM old_jobs;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM new_jobs;
    ELSE
      SELECT array_agg(moved.tenant_id), array_agg(moved.number) INTO tenants, numbers
        FROM new_jobs JOIN old_jobs ON old_jobs.id = new_jobs.id
        CROSS JOIN LATERAL (VALUES (new_jobs.tenant_id, new_jobs.number), (old_jobs.tenant_id, old_jobs.number))
          AS moved(tenant_id, number)
        WHERE (old_jobs.tenant_id, old_jobs.number, old_jobs.reference_words, old_jobs.customer_id, old_jobs.location_id)
          IS DISTINCT FROM
          (new_jobs.tenant_id, new_jobs.number, new_jobs.reference_words, new_jobs.customer_id, new_jobs.location_id);
      IF numbers IS NULL THEN
        RETURN NULL;
      END IF;
    END IF;
    PERFORM 1 FROM customers JOIN new_jobs
      ON customers.tenant_id = new_jobs.tenant_id AND customers.id = new_jobs.customer_id
      ORDER BY customers.tenant_id, customers.id FOR SHARE OF customers;
    PERFORM 1 FROM locations JOIN new_jobs
      ON locations.tenant_id = new_jobs.tenant_id AND locations.id = new_jobs.location_id
      ORDER BY locations.tenant_id, locations.id FOR SHARE OF locations;
  END IF;
  IF numbers IS NOT NULL THEN
    PERFORM rewrite_job_words(tenants, numbers);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_words_on_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION keep_job_words();
--> statement-breakpoint
CREATE TRIGGER jobs_words_on_update AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_jobs NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION keep_job_words();
--> statement-breakpoint
CREATE TRIGGER jobs_words_on_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_jobs FOR EACH STATEMENT EXECUTE FUNCTION keep_job_words();
--> statement-breakpoint
-- A customer's or location's rename: the words of each of its jobs made again. Its row is locked by the update, so
-- a job's create or save at once waits for it (above), or it for the job.
CREATE FUNCTION keep_job_words_of_names() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  tenants uuid[];
  numbers integer[];
BEGIN
  IF TG_TABLE_NAME = 'customers' THEN
    SELECT array_agg(jobs.tenant_id), array_agg(jobs.number) INTO tenants, numbers
      FROM new_names JOIN old_names ON old_names.tenant_id = new_names.tenant_id AND old_names.id = new_names.id
      JOIN jobs ON jobs.tenant_id = new_names.tenant_id AND jobs.customer_id = new_names.id
      WHERE old_names.name_words IS DISTINCT FROM new_names.name_words;
  ELSE
    SELECT array_agg(jobs.tenant_id), array_agg(jobs.number) INTO tenants, numbers
      FROM new_names JOIN old_names ON old_names.tenant_id = new_names.tenant_id AND old_names.id = new_names.id
      JOIN jobs ON jobs.tenant_id = new_names.tenant_id AND jobs.location_id = new_names.id
      WHERE old_names.name_words IS DISTINCT FROM new_names.name_words;
  END IF;
  IF numbers IS NOT NULL THEN
    PERFORM rewrite_job_words(tenants, numbers);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_job_words_on_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_names NEW TABLE AS new_names FOR EACH STATEMENT EXECUTE FUNCTION keep_job_words_of_names();
--> statement-breakpoint
CREATE TRIGGER locations_job_words_on_update AFTER UPDATE ON locations
  REFERENCING OLD TABLE AS old_names NEW TABLE AS new_names FOR EACH STATEMENT EXECUTE FUNCTION keep_job_words_of_names();
--> statement-breakpoint
-- The jobs already there.
SELECT rewrite_job_words(array_agg(tenant_id), array_agg(number)) FROM jobs;
