import {
  addDays,
  calendarDateIn,
  type Item,
  type Quote,
  type QuoteStatus,
  quoteFields,
  quoteOptionNames,
  quoteUpdate,
  STARTING_TAX_RATES,
} from '@fieldbook/domain';
import { and, eq } from 'drizzle-orm';
import { quoteCreate, quoteSave, quotes, quoteToJob } from '../features/quotes/index.ts';
import { taxRates } from '../features/tax-rates/index.ts';
import type { Tx } from '../platform/db/database.ts';
import { writeIn } from '../platform/http/tenant-requests.ts';
import { type DemoSite, sequence } from './demo-jobs.ts';
import { DEMO_TIME_ZONE } from './demo-records.ts';

/** How a demo quote ends up: as the office left it, or as the customer answered it on its page. */
type DemoQuoteKind = 'draft' | 'sent' | 'expired' | 'accepted' | 'declined' | 'converted';

interface DemoQuote {
  kind: DemoQuoteKind;
  /** Days before today it is dated. */
  age: number;
  options: boolean;
  /** Who accepted it online, or why it was declined. */
  answer?: string;
}

/** A quote in every status: drafts, sent, one past its expiry, one accepted, one declined, one made a job. */
export const DEMO_QUOTES: readonly DemoQuote[] = [
  { kind: 'draft', age: 1, options: false },
  { kind: 'draft', age: 3, options: true },
  { kind: 'sent', age: 2, options: true },
  { kind: 'sent', age: 6, options: false },
  { kind: 'expired', age: 45, options: false },
  { kind: 'accepted', age: 8, options: true, answer: "Siobhan O'Reilly" },
  { kind: 'declined', age: 12, options: false, answer: "We've decided to wait until after Christmas." },
  { kind: 'converted', age: 20, options: true, answer: 'Tomás Álvarez' },
];

/** The jobs the demo's quotes were made into. */
export const DEMO_JOBS_FROM_QUOTES = DEMO_QUOTES.filter((quote) => quote.kind === 'converted').length;

const STATUS: Record<DemoQuoteKind, QuoteStatus> = {
  draft: 'OPEN_DRAFT',
  sent: 'OPEN_SENT',
  expired: 'OPEN_SENT',
  accepted: 'OPEN_SENT',
  declined: 'OPEN_SENT',
  converted: 'OPEN_SENT',
};

const TERMS =
  'Prices are valid until the date shown. A 30% deposit secures the booking; the balance is due on completion. ' +
  "Any work beyond this quote is charged at our standard hourly rate, and only with the customer's agreement.";

/**
 * The demo organisation's quotes, one or more in every status, through the same commands the API uses: lines from
 * its catalogue at GST (a quote with options offers a repair and a replacement over a common call-out). The answers
 * given online (a name and a time, or a reason) are written as the public page would have kept them.
 */
export async function seedDemoQuotes(
  tx: Tx,
  tenantId: string,
  sites: readonly DemoSite[],
  catalogue: readonly Item[],
  ownerSubject: string,
  now = new Date(),
): Promise<void> {
  const random = sequence(tenantId.charCodeAt(33) + 41);
  const [gst] = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.tenantId, tenantId), eq(taxRates.name, STARTING_TAX_RATES[0].name)));
  const taxRate = gst ? { id: gst.id } : null;
  const today = calendarDateIn(DEMO_TIME_ZONE, now);
  const line = (item: Item, option: string | null, quantity = '1') => ({
    code: item.code,
    description: item.description,
    quantity,
    price: item.price,
    taxRate,
    option,
  });

  for (const demo of DEMO_QUOTES) {
    const site = random.pick(sites);
    const [first, second, third] = [random.pick(catalogue), random.pick(catalogue), random.pick(catalogue)];
    if (!first || !second || !third) continue;
    const lineItems = demo.options
      ? [line(first, null), line(second, 'Option A: repair', '2'), line(third, 'Option B: replace')]
      : [line(first, null), line(second, null, random.pick(['1', '2', '3']))];
    const made = await writeIn(
      tx,
      tenantId,
      quoteCreate(
        tx,
        quoteFields.parse({
          customer: { id: site.customerId },
          location: { id: site.locationId },
          reference: random.next() < 0.4 ? `PO ${8100 + random.between(0, 800)}` : null,
          date: addDays(today, -demo.age),
          title: demo.options ? 'Repair or replace' : second.description,
          description: demo.options
            ? 'Two ways to fix it: option A, a repair now, or option B, a replacement that will last. Both include the first line.'
            : null,
          terms: TERMS,
          status: STATUS[demo.kind],
          lineItems,
        }),
      ),
    );
    await answered(tx, tenantId, made, demo, ownerSubject);
  }
}

/** An answered demo quote: Accepted (the last option, by name), Declined (with its reason), or made a job. */
async function answered(
  tx: Tx,
  tenantId: string,
  quote: Quote,
  demo: DemoQuote,
  ownerSubject: string,
): Promise<void> {
  if (demo.kind !== 'accepted' && demo.kind !== 'declined' && demo.kind !== 'converted') return;
  const accepting = demo.kind !== 'declined';
  const options = quoteOptionNames(quote.lineItems);
  await writeIn(
    tx,
    tenantId,
    quoteSave(
      tx,
      quote.id,
      quoteUpdate.parse({
        ...quote,
        status: accepting ? 'CLOSED_ACCEPTED' : 'CLOSED_DECLINED',
        acceptedOption: accepting ? (options.at(-1) ?? null) : null,
      }),
    ),
  );
  await tx
    .update(quotes)
    .set(
      accepting
        ? { acceptedName: demo.answer, acceptedAt: new Date(`${addDays(quote.date, 2)}T09:30:00+11:00`) }
        : { declinedReason: demo.answer },
    )
    .where(and(eq(quotes.tenantId, tenantId), eq(quotes.id, quote.id)));
  if (demo.kind === 'converted')
    await quoteToJob(tx, tenantId, quote.id, { subject: ownerSubject, role: 'OWNER', technicianId: null });
}
