ALTER TABLE "templates" DROP CONSTRAINT "templates_document_check";--> statement-breakpoint
ALTER TABLE "organisation_details" ADD COLUMN "quote_template_id" uuid;--> statement-breakpoint
ALTER TABLE "organisation_details" ADD CONSTRAINT "organisation_details_quote_template_fk" FOREIGN KEY ("tenant_id","quote_template_id") REFERENCES "public"."templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_document_check" CHECK ("templates"."document" in ('invoice', 'job', 'quote', 'statement'));