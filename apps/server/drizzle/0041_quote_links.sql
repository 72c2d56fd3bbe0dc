CREATE TABLE "quote_emails" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"sent_by" text,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_emails_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "quote_emails" ADD CONSTRAINT "quote_emails_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_emails" ADD CONSTRAINT "quote_emails_quote_fk" FOREIGN KEY ("tenant_id","quote_id") REFERENCES "public"."quotes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_emails" ADD CONSTRAINT "quote_emails_message_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."outbox_messages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_emails_quote_idx" ON "quote_emails" USING btree ("tenant_id","quote_id","created");--> statement-breakpoint
CREATE INDEX "quotes_link_hash_idx" ON "quotes" USING btree ("link_hash");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('INVITATION', 'INVOICE', 'PASSWORD_RESET', 'ON_MY_WAY', 'QUOTE', 'QUOTE_ANSWER', 'REMINDER', 'STATEMENT'));--> statement-breakpoint
-- Tenant tables (docs/data.md): the application role reads and writes them through row-level security.
GRANT SELECT, INSERT ON quote_emails TO fieldbook_app;
--> statement-breakpoint
ALTER TABLE quote_emails ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON quote_emails
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- The view names the quotes' columns as they were when it was made: it takes link_hash too.
CREATE OR REPLACE VIEW visible_quotes AS
  SELECT * FROM quotes WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
