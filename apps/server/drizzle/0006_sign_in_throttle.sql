-- Sign-in throttle state, shared by every server process (identity/sign-in-throttle.ts).
CREATE TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_attempt" timestamp with time zone NOT NULL,
	"retry_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_last_attempt_idx" ON "sign_in_attempts" USING btree ("last_attempt");
--> statement-breakpoint
-- Emails are compared in one canonical form computed by the application (identity/emails.ts), not by lower():
-- the database's lower() depends on its locale. Sign-up has only ever accepted ASCII addresses, whose
-- canonical form is lower().
ALTER TABLE "users" ADD COLUMN "email_canonical" text;
--> statement-breakpoint
UPDATE "users" SET "email_canonical" = lower("email");
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_canonical" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "users_email_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_canonical_key" ON "users" USING btree ("email_canonical");
