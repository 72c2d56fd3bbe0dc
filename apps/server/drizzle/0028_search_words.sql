-- Search words (docs/api.md, "How text is split into words"; docs/data.md, "Search words"). search_words(text)
-- gives a text's words, folded (case, accents, compatibility forms; apostrophes between letters join), one space
-- between them and around them: ' acme sons plumbing '. Each searched column gets its words as a column that
-- PostgreSQL writes with the row (GENERATED ... STORED), with a trigram index: a bare word is
-- `words LIKE '% wil%'` (a word starting with it), a phrase `LIKE '% hot water %'`. The words of the query are
-- folded by the domain's searchWords, which this function mirrors (search-words.api.test.ts holds them together).
-- The folding reads letters and digits as the database's character type does: create the database with a UTF-8
-- ctype (C.UTF-8), as .ci/run and scripts/bench/postgres.sh do.
CREATE OR REPLACE FUNCTION search_words_folded(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT ' ' || btrim(regexp_replace(
  -- a change between digits and letters separates words (15mm, PL-CU-15)
  regexp_replace(regexp_replace(
    -- anything but letters, digits and the marks that spell words separates them
    regexp_replace(
      translate(replace(replace(replace(replace(
        -- accents, Hebrew points, Arabic vowel marks and tatweel; then composed again (kana, hangul)
        normalize(regexp_replace(
          normalize(lower(replace(replace(
            regexp_replace(
              -- apostrophes between letters join them (O'Brien)
              regexp_replace(
                -- invisible characters
                regexp_replace(value, '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]', '', 'g'),
                '([[:alpha:]][\u0300-\u036f]*)[''\u2019\u2018\u201b\u02bc\u02bb\u02b9`\u00b4\u2032\uff07\u055a\u05f3]+(?=[[:alpha:]])', '\1', 'g'),
              '[''\u2019\u2018\u201b\u02bc\u02bb\u02b9`\u00b4\u2032\uff07\u055a\u05f3]', ' ', 'g'),
            '™', ' '), '℠', ' ')), NFKD),
          '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u0591-\u05c7\u064b-\u065f\u0670\u0640]', '', 'g'), NFC),
        'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'),
      'øłđðıħŧς٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹०१२३४५६७८९', 'olddihtσ012345678901234567890123456789'),
    '[^[:alnum:]\u0900-\u0dff\u0e00-\u0eff\u3099\u309a]+', ' ', 'g'),
  '([0-9])(?=[^0-9 ])', '\1 ', 'g'), '([^0-9 ])(?=[0-9])', '\1 ', 'g'),
  ' +', ' ', 'g')) || ' '
$fn$;
--> statement-breakpoint
-- A word with an apostrophe between letters is kept both ways: joined (O'Brien: obrien, as `o'brien` and `obrien`
-- search) and apart (o brien, as `brien` searches; D'Souza: `souza`), the two copies two spaces apart so that no
-- phrase runs from one into the other.
CREATE OR REPLACE FUNCTION search_words(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT CASE
  WHEN value ~ '[[:alpha:]][\u0300-\u036f]*[''\u2019\u2018\u201b\u02bc\u02bb\u02b9`\u00b4\u2032\uff07\u055a\u05f3]+[[:alpha:]]'
    THEN search_words_folded(regexp_replace(value, '[''\u2019\u2018\u201b\u02bc\u02bb\u02b9`\u00b4\u2032\uff07\u055a\u05f3]', ' ', 'g')) || search_words_folded(value)
  ELSE search_words_folded(value)
END
$fn$;
--> statement-breakpoint
DROP INDEX "customers_name_trgm";
--> statement-breakpoint
DROP INDEX "customers_billing_email_trgm";
--> statement-breakpoint
DROP INDEX "customers_billing_phone_trgm";
--> statement-breakpoint
DROP INDEX "customers_billing_address_trgm";
--> statement-breakpoint
DROP INDEX "customers_number_trgm";
--> statement-breakpoint
DROP INDEX "locations_name_trgm";
--> statement-breakpoint
DROP INDEX "locations_street1_trgm";
--> statement-breakpoint
DROP INDEX "locations_suburb_trgm";
--> statement-breakpoint
DROP INDEX "invoices_reference_trgm";
--> statement-breakpoint
DROP INDEX "items_code_trgm";
--> statement-breakpoint
DROP INDEX "items_description_trgm";
--> statement-breakpoint
DROP INDEX "jobs_reference_trgm";
--> statement-breakpoint
DROP INDEX "territories_name_trgm";
--> statement-breakpoint
-- One ALTER a table: each rewrites it.
ALTER TABLE "customers"
  ADD COLUMN "name_words" text GENERATED ALWAYS AS (search_words(name)) STORED,
  ADD COLUMN "billing_address_words" text GENERATED ALWAYS AS (search_words(billing_address)) STORED,
  ADD COLUMN "billing_phone_words" text GENERATED ALWAYS AS (search_words(billing_phone)) STORED,
  ADD COLUMN "billing_email_words" text GENERATED ALWAYS AS (search_words(billing_email)) STORED;
--> statement-breakpoint
ALTER TABLE "locations"
  ADD COLUMN "name_words" text GENERATED ALWAYS AS (search_words(name)) STORED,
  ADD COLUMN "street1_words" text GENERATED ALWAYS AS (search_words(street1)) STORED,
  ADD COLUMN "suburb_words" text GENERATED ALWAYS AS (search_words(suburb)) STORED;
--> statement-breakpoint
ALTER TABLE "invoices"
  ADD COLUMN "reference_words" text GENERATED ALWAYS AS (search_words(reference)) STORED;
--> statement-breakpoint
ALTER TABLE "items"
  ADD COLUMN "code_words" text GENERATED ALWAYS AS (search_words(code)) STORED,
  ADD COLUMN "description_words" text GENERATED ALWAYS AS (search_words(description)) STORED;
--> statement-breakpoint
ALTER TABLE "jobs"
  ADD COLUMN "reference_words" text GENERATED ALWAYS AS (search_words(reference)) STORED;
--> statement-breakpoint
ALTER TABLE "territories"
  ADD COLUMN "name_words" text GENERATED ALWAYS AS (search_words(name)) STORED;
--> statement-breakpoint
CREATE INDEX "customers_name_words_trgm" ON "customers" USING gin ("name_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "customers_billing_email_words_trgm" ON "customers" USING gin ("billing_email_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "customers_billing_phone_words_trgm" ON "customers" USING gin ("billing_phone_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "customers_billing_address_words_trgm" ON "customers" USING gin ("billing_address_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "locations_name_words_trgm" ON "locations" USING gin ("name_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "locations_street1_words_trgm" ON "locations" USING gin ("street1_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "locations_suburb_words_trgm" ON "locations" USING gin ("suburb_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "invoices_reference_words_trgm" ON "invoices" USING gin ("reference_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "items_code_words_trgm" ON "items" USING gin ("code_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "items_description_words_trgm" ON "items" USING gin ("description_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "jobs_reference_words_trgm" ON "jobs" USING gin ("reference_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "territories_name_words_trgm" ON "territories" USING gin ("name_words" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
-- The search views select every column, fixed when they were made: made again with the words at their end.
CREATE OR REPLACE VIEW visible_customers AS
  SELECT * FROM customers WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
CREATE OR REPLACE VIEW visible_locations AS
  SELECT * FROM locations WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
CREATE OR REPLACE VIEW visible_items AS
  SELECT * FROM items WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
CREATE OR REPLACE VIEW visible_jobs AS
  SELECT * FROM jobs WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
CREATE OR REPLACE VIEW visible_territories AS
  SELECT * FROM territories WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
CREATE OR REPLACE VIEW visible_invoices AS
  SELECT * FROM invoices WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
-- The planner's statistics of the new columns: without them it took a rare word for a common one and walked
-- 100,000 customers in number order (PGlite runs no autovacuum to gather them).
ANALYZE customers, locations, items, jobs, invoices, territories;
