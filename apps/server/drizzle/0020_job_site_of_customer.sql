-- A job's location is always its customer's: the job's site refers to the location of its own customer, so the
-- database holds what the job save checks (and the kept site counts and a word's count rely on).
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_site_key" UNIQUE("tenant_id","customer_id","id");--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_location_fk";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_location_fk" FOREIGN KEY ("tenant_id","customer_id","location_id") REFERENCES "public"."locations"("tenant_id","customer_id","id") ON DELETE restrict ON UPDATE no action;
