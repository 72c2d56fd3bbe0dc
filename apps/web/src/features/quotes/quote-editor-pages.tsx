import { calendarDateIn, type Quote } from '@fieldbook/domain';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { Crumb } from '../../components/breadcrumbs';
import { EditRecord } from '../../components/editor/edit-record';
import { EditorHeader } from '../../components/editor/editor-header';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionLoader } from '../../components/section-loader';
import { paths } from '../../lib/paths';
import { customerQueryOptions } from '../customers';
import { savedRatesOf } from '../invoices';
import { organisationQueryOptions } from '../settings';
import { useCreateQuote } from './api/create-quote';
import { quoteQueryOptions } from './api/get-quote';
import { useUpdateQuote } from './api/update-quote';
import { QuoteEditor, type QuoteValues, savedValues } from './quote-editor';

const NEW = 'New quote';
const EDIT = 'Edit quote';

/** Home › Sales › Quotes › the quote (when editing one) › this page. */
function crumbs(title: string, quote?: { id: string; number?: number }): Crumb[] {
  return [
    { label: 'Home', to: paths.home },
    { label: 'Sales', to: paths.sales.root },
    { label: 'Quotes', to: paths.sales.quotesSearch },
    ...(quote
      ? [
          {
            label: quote.number === undefined ? 'Quote' : `Quote ${quote.number}`,
            to: paths.sales.quote.href(quote.id),
          },
        ]
      : []),
    { label: title },
  ];
}

/** A new quote: a draft, amounts excluding tax, no lines; `CreateQuote` dates it today and gives it the terms. */
function newValues(more: Partial<QuoteValues> = {}): QuoteValues {
  return {
    reference: '',
    status: 'OPEN_DRAFT',
    customer: { id: '' },
    location: null,
    date: '',
    title: '',
    description: '',
    terms: '',
    amountsEnteredIncludeTax: false,
    lineItems: [],
    acceptedOption: null,
    ...more,
  };
}

/** sales/quotes/new: the quote editor, creating; `?customer={id}` chooses the customer (the customer viewer's). */
export function NewQuotePage() {
  const [search] = useSearchParams();
  // The organisation's time zone, validity and terms load with the customer, not after it.
  usePrefetchQuery(organisationQueryOptions());
  const customerId = search.get('customer');
  if (customerId) return <NewQuoteForCustomer customerId={customerId} />;
  return <CreateQuote values={newValues()} customer={null} />;
}

/**
 * Dated today in the organisation's time zone, with the organisation's terms to start from (blank: none); left
 * blank, Valid until is the organisation's validity after the date, set by the server.
 */
function CreateQuote({
  values,
  customer,
}: {
  values: QuoteValues;
  customer: { id: string; name: string } | null;
}) {
  const save = useCreateQuote();
  const organisation = useQuery(organisationQueryOptions());
  if (!organisation.isSuccess)
    return (
      <>
        <EditorHeader breadcrumbs={crumbs(NEW)} title={NEW} />
        {organisation.isError ? (
          <LoadErrorAlert error={organisation.error} onRetry={organisation.refetch} />
        ) : (
          <SectionLoader />
        )}
      </>
    );
  const { timeZone, quoteTerms, quoteValidityDays } = organisation.data;
  return (
    <QuoteEditor
      title={NEW}
      breadcrumbs={crumbs(NEW)}
      initialValues={{ ...values, date: calendarDateIn(timeZone), terms: quoteTerms ?? '' }}
      customer={customer}
      validityDays={quoteValidityDays}
      save={save}
    />
  );
}

function NewQuoteForCustomer({ customerId }: { customerId: string }) {
  return (
    <EditRecord query={useQuery(customerQueryOptions(customerId))} title={NEW} breadcrumbs={crumbs(NEW)}>
      {(customer) => (
        <CreateQuote
          values={newValues({ customer: { id: customer.id } })}
          customer={{ id: customer.id, name: customer.name }}
        />
      )}
    </EditRecord>
  );
}

/** sales/quotes/{id}/edit: the quote editor, editing the quote as it was when the page loaded. */
export function EditQuotePage() {
  const { id = '' } = useParams();
  return (
    <EditRecord query={useQuery(quoteQueryOptions(id))} title={EDIT} breadcrumbs={crumbs(EDIT, { id })}>
      {(quote) => <UpdateQuote quote={quote} />}
    </EditRecord>
  );
}

function UpdateQuote({ quote }: { quote: Quote }) {
  return (
    <QuoteEditor
      title={EDIT}
      breadcrumbs={crumbs(EDIT, quote)}
      initialValues={savedValues(quote)}
      customer={quote.customer}
      savedRates={savedRatesOf(quote.lineItems)}
      save={useUpdateQuote(quote)}
    />
  );
}
