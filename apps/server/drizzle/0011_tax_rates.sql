CREATE TABLE "tax_rates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_name_key" ON "tax_rates" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
-- Reachable by the application role only through row-level security on the transaction's app.tenant_id (0004).
-- A tenant has a handful of rates, so no search view: a search reads them all.
GRANT SELECT, INSERT, UPDATE, DELETE ON tax_rates TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE tax_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tax_rates
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Organisations made before tax rates existed start with what a new one gets (STARTING_TAX_RATES).
INSERT INTO tax_rates (tenant_id, id, name, rate)
  SELECT tenants.id, gen_random_uuid(), starting.name, starting.rate
  FROM tenants CROSS JOIN (VALUES ('GST', 10), ('GST Free', 0)) AS starting (name, rate);
