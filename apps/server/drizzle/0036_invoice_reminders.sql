ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD COLUMN "kind" text DEFAULT 'INVOICE' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD COLUMN "reminder_step" integer;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "reminder_subject" text DEFAULT 'Reminder: invoice {number} from {organisation} is overdue' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "reminder_message" text DEFAULT 'Hello {customer},

This is a friendly reminder that invoice {number} for {total} was due on {dueDate} and is now {daysOverdue} days overdue. The amount still owing is {amountDue}.

Please find the invoice attached. If you have already paid, thank you, and please disregard this reminder.
{organisation}' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "automatic_reminder_days" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_emails_reminder_step_key" ON "invoice_emails" USING btree ("tenant_id","invoice_id","reminder_step") WHERE "invoice_emails"."reminder_step" is not null;--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_kind_check" CHECK ("invoice_emails"."kind" in ('INVOICE', 'REMINDER'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('INVITATION', 'INVOICE', 'PASSWORD_RESET', 'ON_MY_WAY', 'REMINDER'));