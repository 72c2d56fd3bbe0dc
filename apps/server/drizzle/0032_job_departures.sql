CREATE TABLE "job_departures" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"departed" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"arrival_from" timestamp (3) with time zone NOT NULL,
	"arrival_to" timestamp (3) with time zone NOT NULL,
	"technician_name" text,
	"by_name" text,
	"recipient" text,
	"message_id" uuid,
	CONSTRAINT "job_departures_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "on_my_way_subject" text DEFAULT '{technician} from {organisation} is on the way' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "on_my_way_message" text DEFAULT 'Hello {customer},

{technician} from {organisation} is on the way to you for job {number} and expects to arrive between {arrivalFrom} and {arrivalTo}.

{organisation}' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_departures" ADD CONSTRAINT "job_departures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_departures" ADD CONSTRAINT "job_departures_job_fk" FOREIGN KEY ("tenant_id","job_id") REFERENCES "public"."jobs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_departures" ADD CONSTRAINT "job_departures_message_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."outbox_messages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_departures_job_idx" ON "job_departures" USING btree ("tenant_id","job_id","departed");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('INVITATION', 'INVOICE', 'PASSWORD_RESET', 'ON_MY_WAY'));--> statement-breakpoint
-- A tenant table (docs/data.md): the application role reads and writes it through row-level security.
GRANT SELECT, INSERT, UPDATE, DELETE ON job_departures TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE job_departures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_departures
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
