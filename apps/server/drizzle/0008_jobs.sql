CREATE TABLE "job_lines" (
	"tenant_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text,
	"description" text NOT NULL,
	"quantity" numeric(9, 4),
	"price" numeric(17, 7),
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "job_lines_tenant_id_job_id_position_pk" PRIMARY KEY("tenant_id","job_id","position")
);
--> statement-breakpoint
CREATE TABLE "job_priorities" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"rank" integer NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_priorities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"reference" text,
	"customer_id" uuid NOT NULL,
	"location_id" uuid,
	"territory_id" uuid,
	"priority_id" uuid,
	"status" text NOT NULL,
	"rag" text,
	"due" timestamp (3) with time zone,
	"scheduled_start" timestamp (3) with time zone,
	"scheduled_finish" timestamp (3) with time zone,
	"actual_start" timestamp (3) with time zone,
	"actual_finish" timestamp (3) with time zone,
	"assignee" text,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('OPEN_NEW', 'OPEN_BOOKING_REQUIRED', 'OPEN_READY_TO_BE_SCHEDULED', 'OPEN_SCHEDULED', 'OPEN_IN_PROGRESS', 'OPEN_COMPLETED', 'CLOSED_COMPLETED', 'CLOSED_CANCELLED')),
	CONSTRAINT "jobs_rag_check" CHECK ("jobs"."rag" in ('RED', 'AMBER', 'GREEN'))
);
--> statement-breakpoint
CREATE TABLE "territories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "territories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "job_lines" ADD CONSTRAINT "job_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_lines" ADD CONSTRAINT "job_lines_job_fk" FOREIGN KEY ("tenant_id","job_id") REFERENCES "public"."jobs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_priorities" ADD CONSTRAINT "job_priorities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_location_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_territory_fk" FOREIGN KEY ("tenant_id","territory_id") REFERENCES "public"."territories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_priority_fk" FOREIGN KEY ("tenant_id","priority_id") REFERENCES "public"."job_priorities"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territories" ADD CONSTRAINT "territories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_priorities_name_key" ON "job_priorities" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_number_key" ON "jobs" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "jobs_customer_idx" ON "jobs" USING btree ("tenant_id","customer_id","number");--> statement-breakpoint
CREATE INDEX "jobs_location_idx" ON "jobs" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("tenant_id","status","number");--> statement-breakpoint
CREATE INDEX "jobs_scheduled_start_idx" ON "jobs" USING btree ("tenant_id","scheduled_start");--> statement-breakpoint
CREATE INDEX "jobs_reference_trgm" ON "jobs" USING gin ("reference" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "jobs_number_trgm" ON "jobs" USING gin (("number"::text) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "territories_name_key" ON "territories" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "territories_name_idx" ON "territories" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "territories_name_trgm" ON "territories" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);