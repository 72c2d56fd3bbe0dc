ALTER TABLE "templates" DROP CONSTRAINT "templates_document_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "statement_template_id" uuid;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD CONSTRAINT "organisation_details_statement_template_fk" FOREIGN KEY ("tenant_id","statement_template_id") REFERENCES "public"."templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_document_check" CHECK ("templates"."document" in ('invoice', 'job', 'statement'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('INVITATION', 'INVOICE', 'PASSWORD_RESET', 'ON_MY_WAY', 'REMINDER', 'STATEMENT'));