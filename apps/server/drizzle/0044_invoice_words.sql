CREATE TABLE "invoice_words" (
	"tenant_id" uuid NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"number" integer NOT NULL,
	CONSTRAINT "invoice_words_tenant_id_word_number_pk" PRIMARY KEY("tenant_id","word","number")
);
--> statement-breakpoint
ALTER TABLE "invoice_words" ADD CONSTRAINT "invoice_words_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_words_number_idx" ON "invoice_words" USING btree ("tenant_id","number");--> statement-breakpoint
-- As job_words (0043): read by the application under row-level security, written only by the triggers below.
GRANT SELECT ON invoice_words TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE invoice_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_words
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- The words of these invoices (by tenant and number, pairwise) made again from the search words kept beside their
-- reference and their customer's name (0028). An invoice no longer there loses its words.
CREATE FUNCTION rewrite_invoice_words(tenants uuid[], numbers integer[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM invoice_words USING unnest(tenants, numbers) AS changed(tenant_id, number)
    WHERE invoice_words.tenant_id = changed.tenant_id AND invoice_words.number = changed.number;
  INSERT INTO invoice_words (tenant_id, word, number)
    SELECT DISTINCT invoices.tenant_id, word, invoices.number
    FROM unnest(tenants, numbers) AS changed(tenant_id, number)
    JOIN invoices ON invoices.tenant_id = changed.tenant_id AND invoices.number = changed.number
    JOIN customers ON customers.tenant_id = invoices.tenant_id AND customers.id = invoices.customer_id
    CROSS JOIN LATERAL string_to_table(coalesce(invoices.reference_words, '') || coalesce(customers.name_words, ''),
      ' ') AS word
    WHERE word <> '';
END $$;
--> statement-breakpoint
-- An invoice's create, save or delete, once per statement; a save changes the words only when its reference or
-- customer changed. Its customer is locked FOR SHARE first, as a job's is (0043).
CREATE FUNCTION keep_invoice_words() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  tenants uuid[];
  numbers integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM old_invoices;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM new_invoices;
    ELSE
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
CREATE TRIGGER invoices_words_on_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_invoices FOR EACH STATEMENT EXECUTE FUNCTION keep_invoice_words();
--> statement-breakpoint
CREATE TRIGGER invoices_words_on_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_invoices NEW TABLE AS new_invoices FOR EACH STATEMENT EXECUTE FUNCTION keep_invoice_words();
--> statement-breakpoint
CREATE TRIGGER invoices_words_on_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_invoices FOR EACH STATEMENT EXECUTE FUNCTION keep_invoice_words();
--> statement-breakpoint
-- A customer's rename: the words of each of its invoices made again (its row locked by the update, as for jobs).
CREATE FUNCTION keep_invoice_words_of_customers() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  tenants uuid[];
  numbers integer[];
BEGIN
  SELECT array_agg(invoices.tenant_id), array_agg(invoices.number) INTO tenants, numbers
    FROM new_names JOIN old_names ON old_names.tenant_id = new_names.tenant_id AND old_names.id = new_names.id
    JOIN invoices ON invoices.tenant_id = new_names.tenant_id AND invoices.customer_id = new_names.id
    WHERE old_names.name_words IS DISTINCT FROM new_names.name_words;
  IF numbers IS NOT NULL THEN
    PERFORM rewrite_invoice_words(tenants, numbers);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_invoice_words_on_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_names NEW TABLE AS new_names FOR EACH STATEMENT
  EXECUTE FUNCTION keep_invoice_words_of_customers();
--> statement-breakpoint
-- The invoices already there.
SELECT rewrite_invoice_words(array_agg(tenant_id), array_agg(number)) FROM invoices;
