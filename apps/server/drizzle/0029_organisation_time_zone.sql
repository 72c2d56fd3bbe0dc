-- Each organisation works in its own time zone. Until now every one was shown in Melbourne's: existing
-- organisations keep it; a new one gets its creator's Australian zone, or Sydney's (the column's default).
ALTER TABLE "organisation_details" ADD COLUMN "time_zone" text DEFAULT 'Australia/Melbourne' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_details" ALTER COLUMN "time_zone" SET DEFAULT 'Australia/Sydney';
