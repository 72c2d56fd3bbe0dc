-- The server's background tasks and when each is due (platform/tasks/scheduled-tasks.ts): system work, no tenant's.
CREATE TABLE "scheduled_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp (3) with time zone,
	"last_started" timestamp (3) with time zone,
	"last_finished" timestamp (3) with time zone,
	"last_error" text
);
