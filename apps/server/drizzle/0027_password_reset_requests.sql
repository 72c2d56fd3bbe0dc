CREATE TABLE "password_reset_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
