CREATE TABLE "customers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"billing_address" text,
	"billing_phone" text,
	"billing_fax" text,
	"billing_email" text,
	"website" text,
	"notes" text,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"street1" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"country" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_counters" (
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "tenant_counters_tenant_id_name_pk" PRIMARY KEY("tenant_id","name")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_counters" ADD CONSTRAINT "tenant_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_number_key" ON "customers" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "customers_name_trgm" ON "customers" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_billing_email_trgm" ON "customers" USING gin ("billing_email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_billing_phone_trgm" ON "customers" USING gin ("billing_phone" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_billing_address_trgm" ON "customers" USING gin ("billing_address" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_number_trgm" ON "customers" USING gin (("number"::text) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "items_code_key" ON "items" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE INDEX "items_code_trgm" ON "items" USING gin ("code" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "items_description_trgm" ON "items" USING gin ("description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "locations_customer_idx" ON "locations" USING btree ("tenant_id","customer_id","name");--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "locations_name_trgm" ON "locations" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "locations_street1_trgm" ON "locations" USING gin ("street1" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "locations_suburb_trgm" ON "locations" USING gin ("suburb" gin_trgm_ops) WITH (fastupdate=false);