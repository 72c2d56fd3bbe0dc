CREATE TABLE "identity_messages" (
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent" timestamp (3) with time zone,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_messages_id_pk" PRIMARY KEY("id"),
	CONSTRAINT "identity_messages_status_check" CHECK ("identity_messages"."status" in ('QUEUED', 'SENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "invoice_emails" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"sent_by" text,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_emails_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "outbox_attachments" (
	"tenant_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "outbox_attachments_tenant_id_message_id_position_pk" PRIMARY KEY("tenant_id","message_id","position")
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent" timestamp (3) with time zone,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('QUEUED', 'SENDING', 'SENT', 'FAILED')),
	CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('INVITATION', 'INVOICE', 'PASSWORD_RESET'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"email" text NOT NULL,
	"email_canonical" text NOT NULL,
	"role" text NOT NULL,
	"technician_id" uuid,
	"token_hash" text NOT NULL,
	"expires" timestamp (3) with time zone NOT NULL,
	"invited_by" text,
	"sent" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('OWNER', 'OFFICE', 'TECHNICIAN'))
);
--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "invoice_email_subject" text DEFAULT 'Invoice {number} from {organisation}' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "invoice_email_message" text DEFAULT 'Hello {customer},

Please find attached invoice {number} for {total}, due on {dueDate}.

Thank you for your business.
{organisation}' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "role" text DEFAULT 'OWNER' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "technician_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "last_sign_in" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "updated" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_message_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."outbox_messages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_message_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."outbox_messages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_technician_fk" FOREIGN KEY ("tenant_id","technician_id") REFERENCES "public"."technicians"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_messages_due_idx" ON "identity_messages" USING btree ("next_attempt") WHERE "identity_messages"."status" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE INDEX "invoice_emails_invoice_idx" ON "invoice_emails" USING btree ("tenant_id","invoice_id","created");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt") WHERE "outbox_messages"."status" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("tenant_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_email_key" ON "invitations" USING btree ("tenant_id","email_canonical");--> statement-breakpoint
CREATE INDEX "invitations_token_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_technician_fk" FOREIGN KEY ("tenant_id","technician_id") REFERENCES "public"."technicians"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_id_key" ON "memberships" USING btree ("tenant_id","id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('OWNER', 'OFFICE', 'TECHNICIAN'));--> statement-breakpoint
-- Members are read and changed by tenant code (the Users screen) through row-level security; they are added only
-- by the system (a new organisation, an accepted invitation) as the connecting role, which also reads them first
-- in every request (asMember). Everyone who was a member until now is an Owner (the column's default).
GRANT SELECT, UPDATE, DELETE ON memberships TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON memberships
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invitations TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invitations
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- The outbox: tenant code stores messages in the transaction of the action that causes them and reads them back;
-- only the mail worker (the connecting role) changes their status.
GRANT SELECT, INSERT ON outbox_messages, outbox_attachments, invoice_emails TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE outbox_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON outbox_messages
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE outbox_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON outbox_attachments
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE invoice_emails ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_emails
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
