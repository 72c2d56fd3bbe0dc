-- An invoice keeps its lines as the API gives them (quantity without trailing zeros, a price with at least 2
-- decimals, the tax rate's percentage without trailing zeros, the amount with 2), written with the lines in the
-- same statement, as a job does since 0021 (docs/server.md, "Kept lines").
ALTER TABLE "invoices" ADD COLUMN "line_items" json DEFAULT '[]'::json NOT NULL;
--> statement-breakpoint
UPDATE invoices SET line_items = kept.items
  FROM (
    SELECT tenant_id, invoice_id, json_agg(json_build_object(
        'code', code, 'description', description,
        'quantity', trim_scale(quantity)::text,
        'price', round(price, greatest(scale(trim_scale(price)), 2))::text,
        'taxRate', CASE WHEN tax_rate_id IS NOT NULL THEN json_build_object(
          'id', tax_rate_id, 'name', tax_name, 'rate', trim_scale(tax_rate)::text) END,
        'amount', amount::text) ORDER BY position) AS items
    FROM invoice_lines GROUP BY tenant_id, invoice_id
  ) AS kept
  WHERE invoices.tenant_id = kept.tenant_id AND invoices.id = kept.invoice_id;
--> statement-breakpoint
-- The search view names its columns as they were when it was made; it gains line_items at its end.
CREATE OR REPLACE VIEW visible_invoices AS
  SELECT * FROM invoices WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
