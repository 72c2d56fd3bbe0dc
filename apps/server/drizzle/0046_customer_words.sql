CREATE TABLE "customer_words" (
	"tenant_id" uuid NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"number" integer NOT NULL,
	CONSTRAINT "customer_words_tenant_id_word_number_pk" PRIMARY KEY("tenant_id","word","number")
);
--> statement-breakpoint
ALTER TABLE "customer_words" ADD CONSTRAINT "customer_words_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_words_number_idx" ON "customer_words" USING btree ("tenant_id","number");--> statement-breakpoint
-- As job_words (0043): read by the application under row-level security, written only by the triggers below.
GRANT SELECT ON customer_words TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE customer_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON customer_words
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- The words of these customers (by tenant and number, pairwise) made again from the search words kept beside their
-- name, billing email, phone and address (0028), the columns a bare word searches on the customer list. A customer
-- no longer there loses its words. Planned once (a generic plan), as the job words' functions are (0043).
CREATE FUNCTION rewrite_customer_words(tenants uuid[], numbers integer[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM customer_words USING unnest(tenants, numbers) AS changed(tenant_id, number)
    WHERE customer_words.tenant_id = changed.tenant_id AND customer_words.number = changed.number;
  INSERT INTO customer_words (tenant_id, word, number)
    SELECT DISTINCT customers.tenant_id, word, customers.number
    FROM unnest(tenants, numbers) AS changed(tenant_id, number)
    JOIN customers ON customers.tenant_id = changed.tenant_id AND customers.number = changed.number
    CROSS JOIN LATERAL string_to_table(coalesce(customers.name_words, '')
      || coalesce(customers.billing_email_words, '') || coalesce(customers.billing_phone_words, '')
      || coalesce(customers.billing_address_words, ''), ' ') AS word
    WHERE word <> '';
END $$;
--> statement-breakpoint
-- A customer's create, save or delete, once per statement (an import is one). A save changes the words only when
-- one of those columns, its number or its tenant changed; the rows before and after are paired by id (unique), and the old
-- and the new number's words are both made again.
CREATE FUNCTION keep_customer_words() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  tenants uuid[];
  numbers integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM old_customers;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(tenant_id), array_agg(number) INTO tenants, numbers FROM new_customers;
  ELSE
    SELECT array_agg(moved.tenant_id), array_agg(moved.number) INTO tenants, numbers
      FROM new_customers JOIN old_customers ON old_customers.id = new_customers.id
      CROSS JOIN LATERAL (VALUES (new_customers.tenant_id, new_customers.number),
        (old_customers.tenant_id, old_customers.number)) AS moved(tenant_id, number)
      WHERE (old_customers.tenant_id, old_customers.number, old_customers.name_words,
          old_customers.billing_email_words, old_customers.billing_phone_words, old_customers.billing_address_words)
        IS DISTINCT FROM
        (new_customers.tenant_id, new_customers.number, new_customers.name_words,
          new_customers.billing_email_words, new_customers.billing_phone_words, new_customers.billing_address_words);
  END IF;
  IF numbers IS NOT NULL THEN
    PERFORM rewrite_customer_words(tenants, numbers);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_words_on_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_customers FOR EACH STATEMENT EXECUTE FUNCTION keep_customer_words();
--> statement-breakpoint
CREATE TRIGGER customers_words_on_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers FOR EACH STATEMENT
  EXECUTE FUNCTION keep_customer_words();
--> statement-breakpoint
CREATE TRIGGER customers_words_on_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_customers FOR EACH STATEMENT EXECUTE FUNCTION keep_customer_words();
--> statement-breakpoint
-- The customers already there.
SELECT rewrite_customer_words(array_agg(tenant_id), array_agg(number)) FROM customers;
