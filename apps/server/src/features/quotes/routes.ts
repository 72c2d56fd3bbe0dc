import { quoteFields, quoteRecord, quoteUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
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
