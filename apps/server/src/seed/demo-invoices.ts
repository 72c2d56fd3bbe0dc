import {
  addDays,
  calendarDateIn,
  type InvoiceFields,
  type InvoiceStatus,
  type Item,
  lineAmount,
  PAYMENT_METHODS,
  STARTING_TAX_RATES,
  sumOfAmounts,
} from '@fieldbook/domain';
import { eq } from 'drizzle-orm';
import { type InvoiceImport, importInvoices } from '../features/invoices/index.ts';
import { taxRates } from '../features/tax-rates/index.ts';
import type { Tx } from '../platform/db/database.ts';
import { type DemoJob, type DemoSite, sequence } from './demo-jobs.ts';
import { DEMO_TIME_ZONE } from './demo-records.ts';

/** How many invoices each demo organisation gets: one for most finished jobs, the rest made by hand. */
export const DEMO_INVOICES_PER_ORGANISATION = 200;

const DAY = 86_400_000;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** Fees passed on at cost, without GST (the demo's GST-free lines). */
const GST_FREE_FEES = [
  { description: 'Council plumbing inspection fee', amount: '96.50' },
  { description: 'Water authority connection fee', amount: '152.00' },
  { description: 'Permit lodgement fee', amount: '65.20' },
] as const;

/**
 * An invoice's status by its age, as a small trade business's ledger reads: old ones mostly paid (a few
 * cancelled, a few still owing), last month's paid or sent, this fortnight's sent, some still drafts.
 */
function statusOf(age: number, roll: number): InvoiceStatus {
  if (age > 45) return roll < 0.88 ? 'CLOSED_PAID' : roll < 0.94 ? 'CLOSED_CANCELLED' : 'OPEN_SENT';
  if (age > 14) return roll < 0.6 ? 'CLOSED_PAID' : 'OPEN_SENT';
  return roll < 0.55 ? 'OPEN_SENT' : roll < 0.8 ? 'CLOSED_PAID' : 'OPEN_DRAFT';
}

/**
 * The demo organisation's invoices: one for each closed job (dated the day it finished or soon after, the job's
 * customer, reference and lines at GST) and a draft for half of those finished but not yet closed; then, to
 * `DEMO_INVOICES_PER_ORGANISATION`, invoices made by hand over the last four months, some with a GST-free fee.
 * Every status, some with amounts that include tax; numbered in date order, so the next one made follows on.
 */
export async function seedDemoInvoices(
  tx: Tx,
  tenantId: string,
  jobs: readonly DemoJob[],
  sites: readonly DemoSite[],
  catalogue: readonly Item[],
  now = new Date(),
): Promise<void> {
  const random = sequence(tenantId.charCodeAt(34) + 29);
  const rates = await tx
    .select({ id: taxRates.id, name: taxRates.name })
    .from(taxRates)
    .where(eq(taxRates.tenantId, tenantId));
  const [gst = null, gstFree = null] = STARTING_TAX_RATES.map((starting) => {
    const rate = rates.find((candidate) => candidate.name === starting.name);
    return rate ? { id: rate.id } : null;
  });
  const today = calendarDateIn(DEMO_TIME_ZONE, now);
  const invoice = (
    fields: Omit<InvoiceFields, 'status' | 'due' | 'amountsEnteredIncludeTax'>,
    status?: InvoiceStatus,
  ): InvoiceFields => ({
    ...fields,
    status: status ?? statusOf(daysBetween(fields.date, today), random.next()),
    due: addDays(fields.date, random.pick([7, 14, 14, 14, 30])),
    amountsEnteredIncludeTax: random.next() < 0.15,
  });

  const made: InvoiceFields[] = [];
  for (const job of jobs) {
    if (made.length === DEMO_INVOICES_PER_ORGANISATION) break;
    const closed = job.status === 'CLOSED_COMPLETED';
    if (!job.actualFinish || !(closed || (job.status === 'OPEN_COMPLETED' && random.next() < 0.5))) continue;
    const finished = calendarDateIn(DEMO_TIME_ZONE, new Date(job.actualFinish));
    const date = addDays(finished, random.between(0, 2));
    made.push(
      invoice(
        {
          reference: job.fields.reference,
          customer: job.fields.customer,
          job: { id: job.id },
          date: date > today ? today : date,
          lineItems: job.fields.items.map((line) => ({ ...line, taxRate: gst })),
        },
        closed ? undefined : 'OPEN_DRAFT',
      ),
    );
  }
  while (made.length < DEMO_INVOICES_PER_ORGANISATION) {
    const lines: InvoiceFields['lineItems'] = Array.from({ length: random.between(1, 3) }, () => {
      const item = random.pick(catalogue);
      const quantity = random.pick(['1', '1', '2', '0.5', '1.5', '4']);
      return {
        code: item.code,
        description: item.description,
        quantity,
        price: item.price,
        amount: null,
        taxRate: gst,
      };
    });
    if (random.next() < 0.25) {
      const fee = random.pick(GST_FREE_FEES);
      lines.push({ code: null, quantity: null, price: null, ...fee, taxRate: gstFree });
    }
    made.push(
      invoice({
        reference: random.next() < 0.3 ? `PO ${7000 + made.length * 3}` : null,
        customer: { id: random.pick(sites).customerId },
        job: null,
        date: addDays(today, -random.between(0, 120)),
        lineItems: lines,
      }),
    );
  }
  made.sort((a, b) => a.date.localeCompare(b.date));
  await importInvoices(
    tx,
    tenantId,
    made.map((fields) => withPayment(fields, today, random)),
  );
}

/**
 * The invoice with how it was paid: a Paid one in full, some days after it was sent (never after today); a quarter
 * of those Sent more than a week ago part paid (a deposit of about 40 % of its amounts before tax, in whole
 * dollars, which is less than its total), so the demo has paid, part-paid and overdue invoices.
 */
function withPayment(
  fields: InvoiceFields,
  today: string,
  random: ReturnType<typeof sequence>,
): InvoiceImport {
  const method = PAYMENT_METHODS[random.between(0, 3)] ?? 'BANK_TRANSFER';
  const paidOn = (days: number) => {
    const date = addDays(fields.date, days);
    return date > today ? today : date;
  };
  if (fields.status === 'CLOSED_PAID')
    return { ...fields, payment: { date: paidOn(random.between(0, 20)), method } };
  if (fields.status !== 'OPEN_SENT' || daysBetween(fields.date, today) < 7 || random.next() >= 0.25)
    return fields;
  const beforeTax = sumOfAmounts(fields.lineItems.map(lineAmount));
  const deposit = Math.floor(Number(beforeTax) * 0.4);
  if (deposit < 1) return fields;
  return { ...fields, payment: { date: paidOn(random.between(0, 6)), method, amount: `${deposit}.00` } };
}
