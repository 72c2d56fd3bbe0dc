-- Search views: the current tenant's rows, by the same app.tenant_id setting as the row-level security
-- policies. Row-level security lets an index serve only leakproof conditions, and ILIKE / ~* are not
-- leakproof, so a search through the tables reads every row of the tenant. Through these views (owned by
-- the tables' owner, so the tables' policies do not apply, and not security barriers, so the planner may
-- push the search conditions down) the trigram indexes serve the search, and the tenant filter stays.
-- A column added to one of these tables later must be added to its view too (SELECT * is fixed at creation).
CREATE VIEW visible_customers AS
  SELECT * FROM customers WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
CREATE VIEW visible_locations AS
  SELECT * FROM locations WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
CREATE VIEW visible_items AS
  SELECT * FROM items WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
GRANT SELECT ON visible_customers, visible_locations, visible_items TO fieldbook_app;
