-- Each job's pairs of distinct words (the first before the second byte by byte), one row a pair, made with its words
-- (0043, 0045) by `rewrite_job_words`: two bare words together (`thompson physio`, a first and a last name) are
-- counted and paged from the pairs they make, where reading every number of each took 17-25 ms at a million jobs.
CREATE TABLE "job_word_pairs" (
	"tenant_id" uuid NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"other" text COLLATE "C" NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_word_pairs" ADD CONSTRAINT "job_word_pairs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Read under row-level security as every tenant table; only `rewrite_job_words` writes them, as the tables' owner.
GRANT SELECT ON job_word_pairs TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE job_word_pairs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_word_pairs
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- A job's words and pairs made again (DISTINCT: a save that changed its reference names its number twice).
CREATE OR REPLACE FUNCTION rewrite_job_words(tenants uuid[], numbers integer[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM job_words USING unnest(tenants, numbers) AS changed(tenant_id, number)
    WHERE job_words.tenant_id = changed.tenant_id AND job_words.number = changed.number;
  DELETE FROM job_word_pairs USING unnest(tenants, numbers) AS changed(tenant_id, number)
    WHERE job_word_pairs.tenant_id = changed.tenant_id AND job_word_pairs.number = changed.number;
  INSERT INTO job_words (tenant_id, word, number, status)
    SELECT DISTINCT jobs.tenant_id, word, jobs.number, jobs.status
    FROM unnest(tenants, numbers) AS changed(tenant_id, number)
    JOIN jobs ON jobs.tenant_id = changed.tenant_id AND jobs.number = changed.number
    JOIN customers ON customers.tenant_id = jobs.tenant_id AND customers.id = jobs.customer_id
    LEFT JOIN locations ON locations.tenant_id = jobs.tenant_id AND locations.id = jobs.location_id
    CROSS JOIN LATERAL string_to_table(coalesce(jobs.reference_words, '') || coalesce(customers.name_words, '')
      || coalesce(locations.name_words, ''), ' ') AS word
    WHERE word <> '';
  INSERT INTO job_word_pairs (tenant_id, word, other, number)
    SELECT DISTINCT words.tenant_id, words.word, others.word, words.number
    FROM unnest(tenants, numbers) AS changed(tenant_id, number)
    JOIN job_words AS words ON words.tenant_id = changed.tenant_id AND words.number = changed.number
    JOIN job_words AS others ON others.tenant_id = words.tenant_id AND others.number = words.number
      AND others.word > words.word;
END $$;
--> statement-breakpoint
-- The jobs already there: their pairs from their words, then the keys (built on the rows: quicker, and smaller).
INSERT INTO job_word_pairs (tenant_id, word, other, number)
  SELECT words.tenant_id, words.word, others.word, words.number
  FROM job_words AS words
  JOIN job_words AS others ON others.tenant_id = words.tenant_id AND others.number = words.number
    AND others.word > words.word;
--> statement-breakpoint
ALTER TABLE "job_word_pairs" ADD CONSTRAINT "job_word_pairs_tenant_id_word_other_number_pk" PRIMARY KEY("tenant_id","word","other","number");--> statement-breakpoint
CREATE INDEX "job_word_pairs_number_idx" ON "job_word_pairs" USING btree ("tenant_id","number");
