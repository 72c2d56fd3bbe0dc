CREATE TABLE "quote_lines" (
	"tenant_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text,
	"description" text NOT NULL,
	"quantity" numeric(9, 4),
	"price" numeric(17, 7),
	"amount" numeric(12, 2) NOT NULL,
	"tax_rate_id" uuid,
	"tax_name" text,
	"tax_rate" numeric(14, 4),
	"option" text,
	CONSTRAINT "quote_lines_tenant_id_quote_id_position_pk" PRIMARY KEY("tenant_id","quote_id","position"),
	CONSTRAINT "quote_lines_tax_check" CHECK (("quote_lines"."tax_rate_id" is null) = ("quote_lines"."tax_name" is null) and ("quote_lines"."tax_name" is null) = ("quote_lines"."tax_rate" is null))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"reference" text,
	"customer_id" uuid NOT NULL,
	"location_id" uuid,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"expiry" date NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"terms" text,
	"amounts_include_tax" boolean NOT NULL,
	"accepted_option" text,
	"accepted_name" text,
	"accepted_at" timestamp (3) with time zone,
	"accepted_address" text,
	"declined_reason" text,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"line_items" json DEFAULT '[]'::json NOT NULL,
	"reference_words" text GENERATED ALWAYS AS (search_words(reference)) STORED,
	"title_words" text GENERATED ALWAYS AS (search_words(title)) STORED,
	"total" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "quotes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('OPEN_DRAFT', 'OPEN_SENT', 'CLOSED_ACCEPTED', 'CLOSED_DECLINED', 'CLOSED_CONVERTED')),
	CONSTRAINT "quotes_expiry_check" CHECK ("quotes"."expiry" >= "quotes"."date")
);
--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "quote_validity_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "quote_terms" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_fk" FOREIGN KEY ("tenant_id","quote_id") REFERENCES "public"."quotes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_tax_rate_fk" FOREIGN KEY ("tenant_id","tax_rate_id") REFERENCES "public"."tax_rates"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_location_fk" FOREIGN KEY ("tenant_id","customer_id","location_id") REFERENCES "public"."locations"("tenant_id","customer_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_tax_rate_idx" ON "quote_lines" USING btree ("tenant_id","tax_rate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_key" ON "quotes" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("tenant_id","customer_id","number");--> statement-breakpoint
CREATE INDEX "quotes_location_idx" ON "quotes" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("tenant_id","status","number");--> statement-breakpoint
CREATE INDEX "quotes_date_idx" ON "quotes" USING btree ("tenant_id","date","number");--> statement-breakpoint
CREATE INDEX "quotes_expiry_idx" ON "quotes" USING btree ("tenant_id","expiry","number");--> statement-breakpoint
CREATE INDEX "quotes_reference_words_trgm" ON "quotes" USING gin ("reference_words" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "quotes_title_words_trgm" ON "quotes" USING gin ("title_words" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Tenant tables (docs/data.md): the application role reads and writes them through row-level security.
GRANT SELECT, INSERT, UPDATE, DELETE ON quotes, quote_lines TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quote_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON quotes
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY tenant_isolation ON quote_lines
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
CREATE VIEW visible_quotes AS
  SELECT * FROM quotes WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON visible_quotes TO fieldbook_app;
