import { boolean, customType, foreignKey, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { created, tenantId, updated } from '../db/columns.ts';
import { templates } from '../templates/template-tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The organisation's details for its documents, one row per tenant (its name is the tenant's). The default
 * template of each document is a foreign key (NO ACTION: checked at the end of the statement, so deleting the
 * tenant cascades through both tables), so a default template cannot be deleted and an
 * organisation always has one of each.
 */
export const organisationDetails = pgTable(
  'organisation_details',
  {
    tenantId: tenantId().primaryKey(),
    legalName: text('legal_name'),
    abn: text('abn'),
    gstRegistered: boolean('gst_registered').notNull().default(true),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    paymentAccountName: text('payment_account_name'),
    paymentBsb: text('payment_bsb'),
    paymentAccountNumber: text('payment_account_number'),
    paymentText: text('payment_text'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    invoiceTemplateId: uuid('invoice_template_id').notNull(),
    jobTemplateId: uuid('job_template_id').notNull(),
    created: created(),
    updated: updated(),
  },
  (t) => [
    foreignKey({
      name: 'organisation_details_invoice_template_fk',
      columns: [t.tenantId, t.invoiceTemplateId],
      foreignColumns: [templates.tenantId, templates.id],
    }).onDelete('no action'),
    foreignKey({
      name: 'organisation_details_job_template_fk',
      columns: [t.tenantId, t.jobTemplateId],
      foreignColumns: [templates.tenantId, templates.id],
    }).onDelete('no action'),
  ],
);
