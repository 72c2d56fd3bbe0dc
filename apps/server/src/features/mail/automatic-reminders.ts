import { calendarDateIn, fillPlaceholders, isOverdue } from '@fieldbook/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../platform/db/database.ts';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { storeMessage } from '../../platform/mail/outbox.ts';
import type { Renderer } from '../../platform/renderer/renderer.ts';
import { customers } from '../customers/index.ts';
import { asSentInvoice, readInvoiceSourceIn, renderDocument } from '../documents/index.ts';
import { findInvoice, invoices } from '../invoices/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { invoiceEmails } from './invoice-email-tables.ts';
import { invoicePdf, invoicePlaceholders } from './invoice-placeholders.ts';

/** The most reminders one call sends (each is a PDF to render): the rest go at the next call. */
const REMINDERS_PER_CALL = 200;

/** What a call did: reminders stored in the outbox, and those that could not be made (their PDF failed). */
export interface RemindersSent {
  sent: number;
  failed: { tenantId: string; invoiceId: string; error: unknown }[];
}

interface DueReminder {
  invoiceId: string;
  step: number;
}

/** Why a reminder was not stored after its PDF was made: the rest of its transaction rolls back. */
class NotStored extends Error {}

/**
 * Sends the automatic payment reminders due at `now`. For each organisation with `automatic_reminder_days`, each
 * overdue invoice (`isOverdue`, today in the organisation's zone) whose customer has a billing email gets one
 * reminder for the highest step (days past due) it has reached, unless a reminder of that step or a later one went
 * already: an invoice 25 days overdue with steps {7, 21} gets the 21-day reminder only, once, whether or not it had
 * the 7-day one. Each reminder is made as a member's would be (the organisation's reminder texts, the invoice's PDF
 * read by the server itself: `readInvoiceSourceIn`),
 * then stored in one transaction: the `invoice_emails` row with its step (`ON CONFLICT DO NOTHING` on
 * `invoice_emails_reminder_step_key`) and the outbox message. If the row was not inserted, another process sent that
 * reminder: nothing is stored. The outbox delivers the message as any other. A background task of the server
 * (`payment-reminders`, maintenance.ts).
 */
export async function sendDueReminders(db: Db, renderer: Renderer, now: Date): Promise<RemindersSent> {
  const result: RemindersSent = { sent: 0, failed: [] };
  const organisations = await db
    .select({
      tenantId: organisationDetails.tenantId,
      organisation: tenants.name,
      timeZone: organisationDetails.timeZone,
      days: organisationDetails.automaticReminderDays,
      subject: organisationDetails.reminderSubject,
      message: organisationDetails.reminderMessage,
    })
    .from(organisationDetails)
    .innerJoin(tenants, eq(tenants.id, organisationDetails.tenantId))
    .where(sql`cardinality(${organisationDetails.automaticReminderDays}) > 0`)
    .orderBy(asc(organisationDetails.tenantId));
  for (const organisation of organisations) {
    const today = calendarDateIn(organisation.timeZone, now);
    const due = (await inTenant(db, organisation.tenantId, (tx) =>
      tx.execute(dueReminders(organisation.tenantId, organisation.days, today)),
    )) as unknown as { rows: DueReminder[] };
    for (const reminder of due.rows) {
      if (result.sent + result.failed.length >= REMINDERS_PER_CALL) return result;
      try {
        if (await sendReminder(db, renderer, { ...organisation, today }, reminder)) result.sent += 1;
      } catch (error) {
        result.failed.push({ tenantId: organisation.tenantId, invoiceId: reminder.invoiceId, error });
      }
    }
  }
  return result;
}

/**
 * The tenant's overdue invoices (as `isOverdue`: Sent, past due on `today`, owing) whose customer has a billing
 * email, with the highest step each has reached, when no reminder of that step or a later one was sent.
 */
const dueReminders = (tenantId: string, days: number[], today: string) => sql`
  select invoice_id as "invoiceId", step from (
    select i.id as invoice_id,
      (select max(d) from unnest(${`{${days.join(',')}}`}::int[]) as d where d <= ${today}::date - i.due) as step
    from ${invoices} i
    join ${customers} c on c.tenant_id = i.tenant_id and c.id = i.customer_id
    where i.tenant_id = ${tenantId} and i.status = 'OPEN_SENT' and i.total > i.amount_paid
      and i.due < ${today}::date and c.billing_email is not null
  ) as reached
  where step is not null and not exists (
    select 1 from ${invoiceEmails} e
    where e.tenant_id = ${tenantId} and e.invoice_id = reached.invoice_id and e.reminder_step >= reached.step)
  order by invoice_id`;

interface ReminderOrganisation {
  tenantId: string;
  organisation: string;
  subject: string;
  message: string;
  today: string;
}

/** Makes one reminder's PDF, then stores it (true) unless it went already or the invoice changed meanwhile. */
async function sendReminder(
  db: Db,
  renderer: Renderer,
  organisation: ReminderOrganisation,
  { invoiceId, step }: DueReminder,
): Promise<boolean> {
  const { tenantId, today } = organisation;
  const { invoice, source } = await inTenant(db, tenantId, async (tx) => ({
    invoice: await findInvoice(tx, tenantId, invoiceId),
    source: await readInvoiceSourceIn(tx, tenantId, invoiceId),
  }));
  const pdf = (await renderDocument(renderer, asSentInvoice(source), 'pdf')) as Uint8Array;
  try {
    return await inTenant(db, tenantId, async (tx) => {
      // Paid, changed or no longer overdue while its PDF was made: the next call sees it as it is now.
      const current = await findInvoice(tx, tenantId, invoiceId);
      if (current.updated !== invoice.updated || !isOverdue(current, today)) throw new NotStored();
      const [customer] = await tx
        .select({ name: customers.name, email: customers.billingEmail })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, current.customer.id)));
      if (!customer?.email) throw new NotStored();
      const values = invoicePlaceholders(current, customer.name, organisation.organisation, today);
      const subject = fillPlaceholders(organisation.subject, values);
      const messageId = await storeMessage(tx, tenantId, {
        kind: 'REMINDER',
        to: customer.email,
        subject,
        text: fillPlaceholders(organisation.message, values),
        attachments: [invoicePdf(current, pdf)],
      });
      const inserted = await tx
        .insert(invoiceEmails)
        .values({
          tenantId,
          id: uuidv7(),
          invoiceId,
          messageId,
          kind: 'REMINDER',
          reminderStep: step,
          recipient: customer.email,
          subject,
        })
        .onConflictDoNothing({
          target: [invoiceEmails.tenantId, invoiceEmails.invoiceId, invoiceEmails.reminderStep],
          where: sql.raw('reminder_step is not null'),
        })
        .returning({ id: invoiceEmails.id });
      // Another process sent this step first: its message stands, and this one is rolled back.
      if (inserted.length === 0) throw new NotStored();
      return true;
    });
  } catch (error) {
    if (error instanceof NotStored) return false;
    throw error;
  }
}
