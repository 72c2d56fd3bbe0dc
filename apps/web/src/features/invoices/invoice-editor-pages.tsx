import {
  acceptedQuoteLines,
  calendarDateIn,
  dueDateFor,
  type Invoice,
  type Job,
  type Quote,
  type TaxRate,
} from '@fieldbook/domain';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { Crumb } from '../../components/breadcrumbs';
import { EditRecord } from '../../components/editor/edit-record';
import { EditorHeader } from '../../components/editor/editor-header';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionLoader } from '../../components/section-loader';
import { ApiRequestError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { customerQueryOptions } from '../customers';
import { jobQueryOptions } from '../jobs';
import { jobQuoteQueryOptions } from '../quotes';
import { organisationQueryOptions } from '../settings';
import { taxRateChoicesQueryOptions } from '../taxes';
import { useCreateInvoice } from './api/create-invoice';
import { invoiceQueryOptions } from './api/get-invoice';
import { useUpdateInvoice } from './api/update-invoice';
import { InvoiceEditor, type InvoiceValues, savedValues } from './invoice-editor';
import { defaultRate, lineValues, savedRatesOf } from './taxed-lines-editor';

const NEW = 'New invoice';
const EDIT = 'Edit invoice';

/** Home › Sales › Invoices › the invoice (when editing one) › this page. */
function crumbs(title: string, invoice?: { id: string; number?: number }): Crumb[] {
  return [
    { label: 'Home', to: paths.home },
    { label: 'Sales', to: paths.sales.root },
    { label: 'Invoices', to: paths.sales.invoicesSearch },
    ...(invoice
      ? [
          {
            label: invoice.number === undefined ? 'Invoice' : `Invoice ${invoice.number}`,
            to: paths.sales.invoice.href(invoice.id),
          },
        ]
      : []),
    { label: title },
  ];
}

/**
 * A new invoice: amounts excluding tax, no lines. `CreateInvoice` dates it today (in the organisation's time zone)
 * and makes it due after the organisation's payment terms.
 */
function newValues(more: Partial<InvoiceValues> = {}): InvoiceValues {
  return {
    reference: '',
    customer: { id: '' },
    job: null,
    status: 'OPEN_DRAFT',
    date: '',
    due: '',
    amountsEnteredIncludeTax: false,
    lineItems: [],
    ...more,
  };
}

/**
 * sales/invoices/new: the invoice editor, creating. `?fromJob={id}` copies the job (Copy to invoice);
 * `?customerId={id}` chooses the customer (the customer viewer's New invoice).
 */
export function NewInvoicePage() {
  const [search] = useSearchParams();
  // The payment terms load with the customer or the job to copy, not after them.
  usePrefetchQuery(organisationQueryOptions());
  const fromJob = search.get('fromJob');
  const customerId = search.get('customerId');
  if (fromJob) return <NewInvoiceFromJob jobId={fromJob} />;
  if (customerId) return <NewInvoiceForCustomer customerId={customerId} />;
  return <CreateInvoice values={newValues()} customer={null} />;
}

function CreateInvoice({
  values,
  customer,
  job,
  notice,
}: {
  values: InvoiceValues;
  customer: { id: string; name: string } | null;
  job?: { id: string; number: number };
  notice?: string;
}) {
  const save = useCreateInvoice();
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
  // Due this many days after the date: 0, the organisation's starting terms, keeps it due today.
  const terms = organisation.data.paymentTermsDays;
  const date = values.date || calendarDateIn(organisation.data.timeZone);
  return (
    <InvoiceEditor
      title={NEW}
      breadcrumbs={crumbs(NEW)}
      initialValues={{ ...values, date, due: dueDateFor(date, terms) }}
      customer={customer}
      job={job}
      notice={notice}
      paymentTermsDays={terms}
      save={save}
    />
  );
}

function NewInvoiceForCustomer({ customerId }: { customerId: string }) {
  return (
    <EditRecord query={useQuery(customerQueryOptions(customerId))} title={NEW} breadcrumbs={crumbs(NEW)}>
      {(customer) => (
        <CreateInvoice
          values={newValues({ customer: { id: customer.id } })}
          customer={{ id: customer.id, name: customer.name }}
        />
      )}
    </EditRecord>
  );
}

/**
 * The rate of each of the job's lines: for a job made from a quote, the rate of the accepted quote line it came
 * from (the same code and description, each quote line once), so a GST-free line stays GST-free; else, and for a
 * line added since or a rate the organisation no longer has, the organisation's default rate (GST when registered).
 */
export function jobLineRates(
  job: Job,
  rates: readonly TaxRate[],
  quote: Quote | null,
  gstRegistered: boolean,
) {
  const fallback = defaultRate(rates, gstRegistered);
  const unused = quote ? acceptedQuoteLines(quote.lineItems, quote.acceptedOption) : [];
  return job.items.map((line) => {
    const at = unused.findIndex((from) => from.code === line.code && from.description === line.description);
    if (at < 0) return fallback;
    const [from] = unused.splice(at, 1);
    const rate = from?.taxRate;
    if (!rate) return null;
    return rates.some((known) => known.id === rate.id) ? { id: rate.id } : fallback;
  });
}

/** The job's customer, reference and lines, each line at its rate (`jobLineRates`). */
function fromJobValues(
  job: Job,
  rates: readonly TaxRate[],
  quote: Quote | null,
  gstRegistered: boolean,
): InvoiceValues {
  const lineRates = jobLineRates(job, rates, quote, gstRegistered);
  return newValues({
    reference: job.reference ?? '',
    customer: { id: job.customer.id },
    job: { id: job.id },
    lineItems: lineValues(job.items, (index) => lineRates[index] ?? null),
  });
}

export const JOB_NOT_FOUND =
  'The job to copy was not found: it may have been deleted, or belong to another organisation. This new invoice starts empty.';

/**
 * Copy to invoice: the job and the tax rates load first. A job that is not there (deleted, another
 * organisation's, a mistyped id) says so above an empty editor; a failed load (no connection) offers Retry.
 */
function NewInvoiceFromJob({ jobId }: { jobId: string }) {
  const job = useQuery({ ...jobQueryOptions(jobId), retry: false });
  const rates = useQuery(taxRateChoicesQueryOptions());
  // The quote the job was made from, if any; a failed read only leaves every line at the default rate.
  const quote = useQuery({ ...jobQuoteQueryOptions(jobId), retry: false });
  const organisation = useQuery(organisationQueryOptions());
  if (job.error instanceof ApiRequestError && job.error.status === 404)
    return <CreateInvoice values={newValues()} customer={null} notice={JOB_NOT_FOUND} />;
  if (job.isSuccess && rates.isSuccess && !quote.isPending && !organisation.isPending)
    return (
      <CreateInvoice
        values={fromJobValues(
          job.data,
          rates.data.items,
          quote.data ?? null,
          organisation.data?.gstRegistered ?? true,
        )}
        customer={job.data.customer}
        job={{ id: job.data.id, number: job.data.number }}
      />
    );
  const failed = job.isError ? job : rates.isError ? rates : undefined;
  return (
    <>
      <EditorHeader breadcrumbs={crumbs(NEW)} title={NEW} />
      {failed ? <LoadErrorAlert error={failed.error} onRetry={failed.refetch} /> : <SectionLoader />}
    </>
  );
}

/** sales/invoices/{id}/edit: the invoice editor, editing the invoice as it was when the page loaded. */
export function EditInvoicePage() {
  const { id = '' } = useParams();
  return (
    <EditRecord query={useQuery(invoiceQueryOptions(id))} title={EDIT} breadcrumbs={crumbs(EDIT, { id })}>
      {(invoice) => <UpdateInvoice invoice={invoice} />}
    </EditRecord>
  );
}

function UpdateInvoice({ invoice }: { invoice: Invoice }) {
  return (
    <InvoiceEditor
      title={EDIT}
      breadcrumbs={crumbs(EDIT, invoice)}
      initialValues={savedValues(invoice)}
      customer={invoice.customer}
      job={invoice.job}
      savedRates={savedRatesOf(invoice.lineItems)}
      amountPaid={invoice.amountPaid}
      save={useUpdateInvoice(invoice)}
    />
  );
}
