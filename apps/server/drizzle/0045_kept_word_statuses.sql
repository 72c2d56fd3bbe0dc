-- Each kept word (0043, 0044) carries its record's status, and an index by tenant, status and word: bare words with
-- one status (`status:OPEN_READY_TO_BE_SCHEDULED AND wil*`, the scheduler's search of its ready jobs) are counted
-- and paged from that index alone, as bare words alone are from the key. The words are made again below.
TRUNCATE job_words, invoice_words;
--> statement-breakpoint
ALTER TABLE "invoice_words" ADD COLUMN "status" text NOT NULL;--> statement-breakpoint
ALTER TABLE "job_words" ADD COLUMN "status" text NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rewrite_job_words(tenants uuid[], numbers integer[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM job_words USING unnest(tenants, numbers) AS changed(tenant_id, number)
    WHERE job_words.tenant_id = changed.tenant_id AND job_words.number = changed.number;
  INSERT INTO job_words (tenant_id, word, number, status)
    SELECT DISTINCT jobs.tenant_id, word, jobs.number, jobs.status
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
-- A save whose reference, customer, location, number or tenant changed has its words made again: the rows before
-- and after are paired by id (unique), and the old and the new number's words are both made again. The job's
-- customer and location are locked FOR SHARE first: a rename waits for the job's transaction, or the job for the
-- rename's, so the words are made from the name that commits last (a rename's own lock does not conflict with the
-- job's foreign key check). A save that changed only the status gives its words the new status.
CREATE OR REPLACE FUNCTION keep_job_words() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  tenants uuid[];
  numbers integer[];
  statuses text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM old_jobs;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM new_jobs;
    ELSE
      SELECT array_agg(new_jobs.tenant_id), array_agg(new_jobs.number), array_agg(new_jobs.status)
        INTO tenants, numbers, statuses
        FROM new_jobs JOIN old_jobs ON old_jobs.id = new_jobs.id
        WHERE old_jobs.status IS DISTINCT FROM new_jobs.status
          AND (old_jobs.tenant_id, old_jobs.number, old_jobs.reference_words, old_jobs.customer_id, old_jobs.location_id)
          IS NOT DISTINCT FROM
          (new_jobs.tenant_id, new_jobs.number, new_jobs.reference_words, new_jobs.customer_id, new_jobs.location_id);
      IF numbers IS NOT NULL THEN
        UPDATE job_words SET status = changed.status
          FROM unnest(tenants, numbers, statuses) AS changed(tenant_id, number, status)
          WHERE job_words.tenant_id = changed.tenant_id AND job_words.number = changed.number;
      END IF;
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
CREATE OR REPLACE FUNCTION rewrite_invoice_words(tenants uuid[], numbers integer[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM invoice_words USING unnest(tenants, numbers) AS changed(tenant_id, number)
    WHERE invoice_words.tenant_id = changed.tenant_id AND invoice_words.number = changed.number;
  INSERT INTO invoice_words (tenant_id, word, number, status)
    SELECT DISTINCT invoices.tenant_id, word, invoices.number, invoices.status
    FROM unnest(tenants, numbers) AS changed(tenant_id, number)
    JOIN invoices ON invoices.tenant_id = changed.tenant_id AND invoices.number = changed.number
    JOIN customers ON customers.tenant_id = invoices.tenant_id AND customers.id = invoices.customer_id
    CROSS JOIN LATERAL string_to_table(coalesce(invoices.reference_words, '') || coalesce(customers.name_words, ''),
      ' ') AS word
    WHERE word <> '';
END $$;
--> statement-breakpoint
-- An invoice's create, save or delete, once per statement, as a job's (above): its words made again when its
-- reference or customer changed, given its new status when only that changed.
CREATE OR REPLACE FUNCTION keep_invoice_words() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  tenants uuid[];
  numbers integer[];
  statuses text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM old_invoices;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM new_invoices;
    ELSE
      SELECT array_agg(new_invoices.tenant_id), array_agg(new_invoices.number), array_agg(new_invoices.status)
        INTO tenants, numbers, statuses
        FROM new_invoices JOIN old_invoices ON old_invoices.id = new_invoices.id
        WHERE old_invoices.status IS DISTINCT FROM new_invoices.status
          AND (old_invoices.tenant_id, old_invoices.number, old_invoices.reference_words, old_invoices.customer_id)
          IS NOT DISTINCT FROM
          (new_invoices.tenant_id, new_invoices.number, new_invoices.reference_words, new_invoices.customer_id);
      IF numbers IS NOT NULL THEN
        UPDATE invoice_words SET status = changed.status
          FROM unnest(tenants, numbers, statuses) AS changed(tenant_id, number, status)
          WHERE invoice_words.tenant_id = changed.tenant_id AND invoice_words.number = changed.number;
      END IF;
      SELECT array_agg(moved.tenant_id), array_agg(moved.number) INTO tenants, numbers
        FROM new_invoices JOIN old_invoices ON old_invoices.id = new_invoices.id
        CROSS JOIN LATERAL (VALUES (new_invoices.tenant_id, new_invoices.number),
          (old_invoices.tenant_id, old_invoices.number)) AS moved(tenant_id, number)
        WHERE (old_invoices.tenant_id, old_invoices.number, old_invoices.reference_words, old_invoices.customer_id)
          IS DISTINCT FROM
          (new_invoices.tenant_id, new_invoices.number, new_invoices.reference_words, new_invoices.customer_id);
      IF numbers IS NULL THEN
        RETURN NULL;
      END IF;
    END IF;
    PERFORM 1 FROM customers JOIN new_invoices
      ON customers.tenant_id = new_invoices.tenant_id AND customers.id = new_invoices.customer_id
      ORDER BY customers.tenant_id, customers.id FOR SHARE OF customers;
  END IF;
  IF numbers IS NOT NULL THEN
    PERFORM rewrite_invoice_words(tenants, numbers);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The jobs and invoices already there.
SELECT rewrite_job_words(array_agg(tenant_id), array_agg(number)) FROM jobs;
--> statement-breakpoint
SELECT rewrite_invoice_words(array_agg(tenant_id), array_agg(number)) FROM invoices;
--> statement-breakpoint
-- The status indexes built once the words are in (sorted, so packed: built first and filled row by row, the job
-- words' was 330 MB at a million jobs).
CREATE INDEX "invoice_words_status_idx" ON "invoice_words" USING btree ("tenant_id","status","word","number");--> statement-breakpoint
CREATE INDEX "job_words_status_idx" ON "job_words" USING btree ("tenant_id","status","word","number");
