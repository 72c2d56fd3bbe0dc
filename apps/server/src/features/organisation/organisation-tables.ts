import {
  DEFAULT_INVOICE_EMAIL,
  DEFAULT_ON_MY_WAY_EMAIL,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  DEFAULT_REMINDER_EMAIL,
  DEFAULT_TIME_ZONE,
} from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, recordTimes, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { templates } from './template-tables.ts';

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
    /** A new quote expires this many days after its date, unless given its own expiry. */
    quoteValidityDays: integer('quote_validity_days').notNull().default(DEFAULT_QUOTE_VALIDITY_DAYS),
    /** The terms a new quote starts with, unless given its own. */
    quoteTerms: text('quote_terms'),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    /** An IANA zone: every time the product shows, and every "today", is in it (domain `DEFAULT_TIME_ZONE`). */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    invoiceTemplateId: uuid('invoice_template_id').notNull(),
    jobTemplateId: uuid('job_template_id').notNull(),
    /** Null only until the start-up step gives the organisation its statement template (`addBuiltInDefaults`). */
    statementTemplateId: uuid('statement_template_id'),
    /** Null only until the start-up step gives the organisation its quote template (`addBuiltInDefaults`). */
    quoteTemplateId: uuid('quote_template_id'),
    /** The invoice email's starting subject and message, with placeholders (domain `DEFAULT_INVOICE_EMAIL`). */
    invoiceEmailSubject: text('invoice_email_subject').notNull().default(DEFAULT_INVOICE_EMAIL.subject),
    invoiceEmailMessage: text('invoice_email_message').notNull().default(DEFAULT_INVOICE_EMAIL.message),
    /** The email of a technician's "On my way", with placeholders (domain `DEFAULT_ON_MY_WAY_EMAIL`). */
    onMyWaySubject: text('on_my_way_subject').notNull().default(DEFAULT_ON_MY_WAY_EMAIL.subject),
    onMyWayMessage: text('on_my_way_message').notNull().default(DEFAULT_ON_MY_WAY_EMAIL.message),
    /** The payment reminder of an overdue invoice, with placeholders (domain `DEFAULT_REMINDER_EMAIL`). */
    reminderSubject: text('reminder_subject').notNull().default(DEFAULT_REMINDER_EMAIL.subject),
    reminderMessage: text('reminder_message').notNull().default(DEFAULT_REMINDER_EMAIL.message),
    /** Days past the due date at which an automatic reminder goes (ascending, such as {7,21}); empty: none. */
    automaticReminderDays: integer('automatic_reminder_days').array().notNull().default(sql`'{}'::integer[]`),
    ...recordTimes(),
  },
  (t) => [
    tenantForeignKey('organisation_details_invoice_template_fk', t, t.invoiceTemplateId, templates).onDelete(
      'no action',
    ),
    tenantForeignKey('organisation_details_job_template_fk', t, t.jobTemplateId, templates).onDelete(
      'no action',
    ),
    tenantForeignKey(
      'organisation_details_statement_template_fk',
      t,
      t.statementTemplateId,
      templates,
    ).onDelete('no action'),
    tenantForeignKey('organisation_details_quote_template_fk', t, t.quoteTemplateId, templates).onDelete(
      'no action',
    ),
  ],
);

/**
 * Today's date in the organisation's time zone, in SQL: the scope's tenant's (`app.tenant_id`), read once a
 * statement, not each row's (an invoice's overdue, a quote's expired).
 */
export const organisationToday = sql`(now() at time zone (select ${organisationDetails.timeZone} from ${organisationDetails}
    where ${organisationDetails.tenantId} = nullif(current_setting('app.tenant_id', true), '')::uuid))::date`;
