ALTER TABLE "identity_messages" DROP CONSTRAINT "identity_messages_status_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_status_check";--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_message_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."outbox_messages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_messages" ADD CONSTRAINT "identity_messages_status_check" CHECK ("identity_messages"."status" in ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'WITHDRAWN'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'WITHDRAWN'));--> statement-breakpoint
-- Tenant code withdraws a message still waiting (a revoked invitation's) and queues a failed one again: it may set
-- these columns only, never a message's recipient, subject or body. The worker (the connecting role) does the rest.
GRANT UPDATE (status, attempts, next_attempt, last_error, updated) ON outbox_messages TO fieldbook_app;
--> statement-breakpoint
-- Each open invitation's email: the newest invitation message to its address since it was made (resends included).
UPDATE invitations i SET message_id = (
  SELECT m.id FROM outbox_messages m
  WHERE m.tenant_id = i.tenant_id AND m.kind = 'INVITATION' AND m.recipient = i.email AND m.created >= i.created
  ORDER BY m.created DESC, m.id DESC LIMIT 1);
