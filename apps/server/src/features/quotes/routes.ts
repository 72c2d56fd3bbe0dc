import {
  type Invoice,
  idParams,
  invoiceRecord,
  type Job,
  jobRecord,
  quoteFields,
  quoteRecord,
  quoteUpdate,
} from '@fieldbook/domain';
import type { Db, Tx } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { idempotencyHeaders, replyCreated } from '../../platform/http/idempotency.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { type Made, quoteToInvoice, quoteToJob } from './quote-conversions.ts';
import { quoteList } from './quote-list.ts';
import { deleteQuote, findQuote, quoteCreate, quoteSave } from './quotes.ts';

const totals =
  "The server computes every line amount and the totals (`quoteTotals` in the domain package, the invoices' " +
  'arithmetic); totals a client sends are ignored. A line with an `option` belongs to that option, one without to ' +
  "every option: `options` gives each option's totals, and the quote's own are the accepted option's, else the " +
  "first's. Lines keep their tax rate as it was when the quote was saved.";

const moves =
  'The status moves Draft → Sent; Sent → Draft, Accepted or Declined; Accepted or Declined → Sent. Any other move ' +
  'is 409 naming both statuses (Converted only by converting the quote). Accepted needs `acceptedOption` when the ' +
  'quote has options. The lines can change only while the quote is a Draft or Sent (409 otherwise).';

/** A create or a save reads what the quote names with the transaction's BEGIN and writes with its COMMIT. */
export function registerQuoteRoutes(api: Api, db: Db): void {
  registerRecordRoutes(api, db, {
    path: '/sales/quotes',
    name: 'Quote',
    tags: ['quotes'],
    record: quoteRecord,
    list: {
      summary: 'List or search the quotes, newest first',
      description:
        '`q` takes `customer.id`, `location.id`, `status`, `reference`, `title`, `number`, `date` and `expiry` ' +
        '(dates and ranges), `total` (a number) and `expired:true|false` (Sent and past its expiry date in the ' +
        "organisation's time zone); bare words match the number whole, the reference, the title and the customer " +
        'name.',
      list: quoteList,
    },
    create: {
      summary: 'Create a quote',
      description:
        "Numbered per organisation. Without `expiry`, it expires the organisation's `quoteValidityDays` after its " +
        "date; without `terms`, it has the organisation's `quoteTerms`. A new quote is a Draft or Sent. " +
        `${totals} Honours \`Idempotency-Key\`.`,
      body: quoteFields,
      command: (body) => quoteCreate(db, body),
    },
    read: { summary: 'Get a quote', command: findQuote },
    save: {
      summary: 'Save a quote',
      description: `${moves} ${totals}`,
      body: quoteUpdate,
      command: (id, body) => quoteSave(db, id, body),
    },
    remove: {
      summary: 'Delete a draft quote',
      description: 'Only a draft can be deleted: any other status is refused with 409.',
      command: deleteQuote,
    },
  });
}

const conversionRules =
  'Only an Accepted quote (or a Converted one, which answers with what it made): anything else is 409 naming its ' +
  'status. The quote is locked while it is converted, so two presses make one record; a second press answers 200 ' +
  'with the same record (the first 201), and the quote becomes Converted and names it. Honours `Idempotency-Key`.';

/** `POST /sales/quotes/{id}/job` and `/invoice`: an Accepted quote made into a job or a Draft invoice. */
export function registerQuoteConversionRoutes(api: Api, db: Db): void {
  /** A conversion's route: 201 with what it made, 200 with what an earlier press made. */
  const conversion = (
    path: string,
    operationId: string,
    summary: string,
    description: string,
    record: typeof jobRecord | typeof invoiceRecord,
    convert: (tx: Tx, tenantId: string, id: string, member: Member) => Promise<Made<Job | Invoice>>,
  ) =>
    api.post(
      path,
      {
        schema: {
          operationId,
          summary,
          description: `${description} ${conversionRules}`,
          tags: ['quotes'],
          headers: idempotencyHeaders,
          params: idParams,
          response: {
            200: record.describe('The record the quote already made.'),
            201: record,
            ...tenantErrors.create,
            ...tenantErrors.read,
          },
        },
      },
      (request, reply) => {
        let created = true;
        return replyCreated(
          db,
          request,
          reply,
          async (tx, tenantId, member) => {
            const made = await convert(tx, tenantId, request.params.id, member);
            created = made.created;
            return made.record;
          },
          () => (created ? 201 : 200),
        );
      },
    );
  conversion(
    '/sales/quotes/:id/job',
    'createJobFromQuote',
    'Make the accepted quote a job',
    "The job has the quote's customer, location and reference, is Ready to be scheduled, and has the accepted " +
      "option's lines (the common lines and the option's; every line without options) at tax-exclusive prices; " +
      "the quote's title and description are its first note.",
    jobRecord,
    quoteToJob,
  );
  conversion(
    '/sales/quotes/:id/invoice',
    'createInvoiceFromQuote',
    'Make the accepted quote a draft invoice',
    "A Draft invoice for the quote's customer with its reference, dated today in the organisation's zone and due " +
      "by its payment terms, with the accepted option's lines as the quote has them (tax rates as saved and " +
      "`amountsEnteredIncludeTax`), so its totals are the quote's.",
    invoiceRecord,
    (tx, tenantId, id) => quoteToInvoice(tx, tenantId, id),
  );
}
