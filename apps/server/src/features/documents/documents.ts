import {
  type Customer,
  type CustomerLocation,
  formatAbn,
  formatBsb,
  formatDollars,
  INVOICE_STATUS_NAMES,
  type Invoice,
  isUuid,
  JOB_STATUS_NAMES,
  type Job,
  PAYMENT_METHOD_NAMES,
  type Quote,
  type TemplateDocument,
} from '@fieldbook/domain';
import { type Db, runTogether, type Tx } from '../../platform/db/database.ts';
import { ApiError, notFound, validationFailed } from '../../platform/http/errors.ts';
import { asMember, readAsMember, type TenantCaller } from '../../platform/http/member-scope.ts';
import { MAX_PAGES, RENDER_TIME_LIMIT_MS, type RenderJob } from '../../platform/renderer/render-protocol.ts';
import type { Renderer } from '../../platform/renderer/renderer.ts';
import { customerOf, findCustomer, findLocation, locationOf } from '../customers/index.ts';
import { findInvoice, invoiceRead, invoices, type PaymentLine, paymentLinesRead } from '../invoices/index.ts';
import { findJob, jobRead, jobs, ownJob } from '../jobs/index.ts';
import { detailsRead, type OrganisationDetails, readDetails } from '../organisation/index.ts';
import type { DocumentData, InvoiceData, JobData, OrganisationData, QuoteData } from './document-data.ts';
import { showDate, showDateTime, showPrice, showQuantity } from './document-formats.ts';
import { type DocumentImage, readyImages, type StoredFiles } from './document-images.ts';
import { addressOf, lineData, partyOf } from './document-parts.ts';
import { type ProofOfWorkData, proofOfWork, proofOfWorkReads } from './proof-of-work.ts';
import { readQuoteData } from './quote-data.ts';

/** Everything one render needs, read in the request's transaction; the render itself runs after it. */
export interface DocumentSource {
  /** The organisation whose document it is: its renders wait in its own queue. */
  tenantId: string;
  document: TemplateDocument;
  /** The saved template's name, or null for a template in a form (preview, save). */
  templateName: string | null;
  body: string;
  data: DocumentData;
  /** The images the data names, by path: the logo, a job's photos and signature (made ready by `renderDocument`). */
  images: Record<string, DocumentImage>;
}

/** A job's time in the organisation's time zone, or null when it has none. */
const showTime = (value: string | null, timeZone: string) =>
  value === null ? null : showDateTime(value, timeZone);

const LOGO_FILES: Record<string, string> = { 'image/png': 'logo.png', 'image/jpeg': 'logo.jpg' };

function organisationData({ name, details }: OrganisationDetails, logo: string | null): OrganisationData {
  return {
    name,
    legalName: details.legalName,
    abn: details.abn === null ? null : formatAbn(details.abn),
    gstRegistered: details.gstRegistered,
    address: details.address,
    phone: details.phone,
    email: details.email,
    website: details.website,
    payment: {
      accountName: details.paymentAccountName,
      bsb: details.paymentBsb === null ? null : formatBsb(details.paymentBsb),
      accountNumber: details.paymentAccountNumber,
      text: details.paymentText,
    },
    paymentTermsDays: details.paymentTermsDays,
    logo: logo === null ? null : `/${logo}`,
  };
}

/** The invoice's figures exactly as the API returns them, formatted as the screens show them. */
export function invoiceData(
  invoice: Invoice,
  customer: Customer,
  gstRegistered: boolean,
  payments: readonly PaymentLine[],
): InvoiceData {
  return {
    title: gstRegistered ? 'Tax invoice' : 'Invoice',
    number: String(invoice.number),
    reference: invoice.reference,
    status: INVOICE_STATUS_NAMES[invoice.status],
    date: showDate(invoice.date),
    due: showDate(invoice.due),
    customer: partyOf(customer),
    job: invoice.job ? { number: String(invoice.job.number) } : null,
    amountsIncludeTax: invoice.amountsEnteredIncludeTax,
    lines: invoice.lineItems.map(lineData),
    subtotal: formatDollars(invoice.subtotal),
    tax: formatDollars(invoice.tax),
    total: formatDollars(invoice.total),
    amountPaid: formatDollars(invoice.amountPaid),
    payments: payments.map((payment) => ({
      date: showDate(payment.date),
      method: PAYMENT_METHOD_NAMES[payment.method],
      reference: payment.reference,
      amount: formatDollars(payment.amount),
    })),
    amountDue: formatDollars(invoice.amountDue),
  };
}

/** A job as its documents show it, with what its visit left, its times in the organisation's time zone. */
export function jobData(
  job: Job,
  customer: Customer,
  location: CustomerLocation | null,
  timeZone: string,
  work: ProofOfWorkData,
): JobData {
  return {
    number: String(job.number),
    reference: job.reference,
    status: JOB_STATUS_NAMES[job.status],
    customer: partyOf(customer),
    location: location ? { name: location.name, address: addressOf(location) } : null,
    priority: job.priority?.name ?? null,
    due: showTime(job.due, timeZone),
    scheduledStart: showTime(job.scheduledStart, timeZone),
    scheduledFinish: showTime(job.scheduledFinish, timeZone),
    assignee: job.assigneeName,
    lines: job.items.map((line) => ({
      code: line.code,
      description: line.description,
      quantity: showQuantity(line.quantity),
      price: showPrice(line.price),
      amount: formatDollars(line.amount),
    })),
    subtotal: formatDollars(job.subtotal),
    tax: formatDollars(job.tax),
    total: formatDollars(job.total),
    ...work,
  };
}

/** The organisation's part of every document: its details as data, and its logo as the image they name. */
function organisationPart(details: OrganisationDetails) {
  const file = details.details.logoType ? (LOGO_FILES[details.details.logoType] ?? null) : null;
  const logo = file && details.details.logo ? new Uint8Array(details.details.logo) : null;
  return {
    organisation: organisationData(details, logo ? file : null),
    images: logo ? { [`/${file}`]: { bytes: logo } } : {},
  };
}

/** A record's data and the images it names (a job's photos and signature). */
export interface RecordPart {
  data: Pick<DocumentData, 'invoice' | 'job' | 'quote' | 'statement'>;
  images: Record<string, DocumentImage>;
  /** Whether the document shows GST, when the record decides it rather than the organisation (`invoicePart`). */
  gstShown?: boolean;
}

/**
 * An invoice's part. It is a tax invoice when the organisation is registered for GST; its GST (the tax rate column
 * and the GST row) shows then, and also whenever the invoice charged GST, so its lines add up to its total (one
 * issued while the organisation was registered, after the registration is turned off).
 */
function invoicePart(
  invoice: Invoice,
  customer: Customer,
  registered: boolean,
  payments: readonly PaymentLine[],
): RecordPart {
  const gstShown = registered || Number(invoice.tax) !== 0;
  return { data: { invoice: invoiceData(invoice, customer, registered, payments) }, images: {}, gstShown };
}

/** A quote's part: its GST shows as an invoice's does (`invoicePart`), when registered or when any option charges it. */
function quotePart(quote: Quote, data: QuoteData, registered: boolean): RecordPart {
  const charged = [quote, ...quote.options].some((priced) => Number(priced.tax) !== 0);
  return { data: { quote: data }, images: {}, gstShown: registered || charged };
}

/** A job's part, with what its visit left (the rows of `proofOfWorkReads`). */
function jobPart(
  tenantId: string,
  [job, customer, location]: [Job, Customer, CustomerLocation | null],
  workRows: unknown[][],
  timeZone: string,
): RecordPart {
  const { work, images } = proofOfWork(tenantId, workRows, timeZone);
  return { data: { job: jobData(job, customer, location, timeZone, work) }, images };
}

export async function recordPart(
  tx: Tx,
  tenantId: string,
  document: 'invoice' | 'job',
  id: string,
  { gstRegistered: gst, timeZone }: OrganisationDetails['details'],
): Promise<RecordPart> {
  if (document === 'invoice') {
    const invoice = await findInvoice(tx, tenantId, id);
    const customer = await findCustomer(tx, tenantId, invoice.customer.id);
    const payments = (await paymentLinesRead(tenantId, id).run(tx)) as PaymentLine[];
    return invoicePart(invoice, customer, gst, payments);
  }
  const job = await findJob(tx, tenantId, id);
  const customer = await findCustomer(tx, tenantId, job.customer.id);
  const location = job.location ? await findLocation(tx, tenantId, job.location.id) : null;
  const workRows = await runTogether(tx, proofOfWorkReads(tenantId, id));
  return jobPart(tenantId, [job, customer, location], workRows, timeZone);
}

type RecordOf<Document> = Document extends 'invoice' ? Invoice : Document extends 'job' ? Job : Quote;

/**
 * An invoice, a job or a quote with its organisation's default template for it, read for the caller. An invoice
 * or a job in one round trip (`readAsMember`): the organisation's details with the template, the record, and the
 * customer and location it names, each read by the record's id, and a job's notes, files and sign-off
 * (`proofOfWorkReads`); a quote in a transaction (`readQuoteData`). 404 for another tenant's id; a Technician
 * member's job is their own (`ownJob`). A job's photos are read from the file store when it is rendered
 * (`renderDocument`), not here.
 */
export async function readRecordSource<Document extends 'invoice' | 'job' | 'quote'>(
  db: Db,
  caller: TenantCaller,
  document: Document,
  id: string,
): Promise<{ record: RecordOf<Document>; source: DocumentSource }> {
  if (!isUuid(id)) return asMember(db, caller, () => Promise.reject(notFound(document)));
  const { tenantId } = caller;
  if (document === 'quote') {
    const details = detailsRead(tenantId, 'quote');
    const read = async (tx: Tx, _member: unknown, [detailsRows = []]: unknown[][]) => {
      const { quote, source } = await quoteSourceIn(tx, tenantId, id, details.record(detailsRows));
      return { record: quote as RecordOf<Document>, source };
    };
    return asMember(db, caller, read, { reads: [details.statement] });
  }
  const details = detailsRead(tenantId, document);
  const sources = document === 'invoice' ? invoices : jobs;
  const record = document === 'invoice' ? invoiceRead(tenantId, id) : jobRead(tenantId, id);
  const customer = customerOf(sources, tenantId, id);
  const location = locationOf(jobs, tenantId, id);
  const reads = [details, record, customer].map((read) => read.statement);
  const jobReads =
    document === 'job'
      ? [location.statement, ...proofOfWorkReads(tenantId, id)]
      : [paymentLinesRead(tenantId, id)];
  const { member, results } = await readAsMember(db, caller, [...reads, ...jobReads]);
  // A job's fourth read is its location; an invoice's, its payments.
  const [detailsRows = [], recordRows = [], customerRows = [], fourthRows = [], ...workRows] = results;
  const found = record.record(recordRows);
  const job = document === 'job' ? ownJob(member, found as Job) : undefined;
  const party = customer.record(customerRows);
  const organisation = details.record(detailsRows);
  const { timeZone, gstRegistered } = organisation.details;
  const part: RecordPart = job
    ? jobPart(tenantId, [job, party, location.record(fourthRows)], workRows, timeZone)
    : invoicePart(found as Invoice, party, gstRegistered, fourthRows as PaymentLine[]);
  return { record: found as RecordOf<Document>, source: sourceOf(tenantId, document, organisation, part) };
}

/** A quote with the organisation's details and default quote template (`readDetails(…, 'quote')`), in `tx`. */
async function quoteSourceIn(
  tx: Tx,
  tenantId: string,
  id: string,
  organisation: OrganisationDetails,
): Promise<{ quote: Quote; source: DocumentSource }> {
  if (organisation.templateBody === null)
    throw documentFailed(
      'The organisation has no quote template yet. Make one the default in Settings > Templates.',
    );
  const { quote, data } = await readQuoteData(tx, tenantId, id);
  const part = quotePart(quote, data, organisation.details.gstRegistered);
  return { quote, source: sourceOf(tenantId, 'quote', organisation, part) };
}

/**
 * A quote with its organisation's default template for it, read by the server itself (no member: the quote's
 * public page), in a transaction of the tenant's, as a member reads it with `readRecordSource`.
 */
export async function readQuoteSourceIn(tx: Tx, tenantId: string, id: string): Promise<DocumentSource> {
  return (await quoteSourceIn(tx, tenantId, id, await readDetails(tx, tenantId, 'quote'))).source;
}

/**
 * An invoice with its organisation's default template for it, read by the server itself (a background task: no
 * member, no role), in a transaction of the tenant's (`inTenant`), as a member reads it with `readRecordSource`.
 */
export async function readInvoiceSourceIn(tx: Tx, tenantId: string, id: string): Promise<DocumentSource> {
  const details = await readDetails(tx, tenantId, 'invoice');
  return sourceOf(
    tenantId,
    'invoice',
    details,
    await recordPart(tx, tenantId, 'invoice', id, details.details),
  );
}

/** The document's source: the record's part, the organisation's, and the default template's name and body. */
export function sourceOf(
  tenantId: string,
  document: TemplateDocument,
  details: OrganisationDetails,
  record: RecordPart,
): DocumentSource {
  const gstRegistered = record.gstShown ?? details.details.gstRegistered;
  const { organisation, images } = organisationPart({
    ...details,
    details: { ...details.details, gstRegistered },
  });
  const templateName = {
    invoice: details.invoiceTemplateName,
    job: details.jobTemplateName,
    quote: details.quoteTemplateName,
    statement: details.statementTemplateName,
  }[document];
  return {
    tenantId,
    document,
    templateName,
    body: details.templateBody ?? '',
    data: { organisation, ...record.data },
    images: { ...images, ...record.images },
  };
}

/** The invoice as its email shows it: a Draft is Sent by the time the customer reads it (the send moves it). */
export function asSentInvoice(source: DocumentSource): DocumentSource {
  const { invoice } = source.data;
  if (invoice?.status !== INVOICE_STATUS_NAMES.OPEN_DRAFT) return source;
  return {
    ...source,
    data: { ...source.data, invoice: { ...invoice, status: INVOICE_STATUS_NAMES.OPEN_SENT } },
  };
}

export const documentFailed = (message: string) => new ApiError('DOCUMENT_FAILED', message);
const line = (problem: { line: number | null; message: string }) =>
  problem.line === null ? problem.message : `Line ${problem.line}: ${problem.message}`;

/**
 * Renders off the request path and answers what went wrong plainly: a template in a form that does not compile
 * is a 400 on `body` with the compiler's line; a saved one that fails on the record is a 422 naming it, the
 * record and the line; a render that broke a limit is
 * stopped and is a 422; a render refused because its organisation has as many waiting as it may is a 429, and
 * because the server has, a 503 (both with `Retry-After`). A job's photos are read from `stored` first (without
 * it, as for a preview, they are placeholders).
 */
export async function renderDocument(
  renderer: Renderer,
  source: DocumentSource,
  format: RenderJob['format'],
  stored?: StoredFiles,
): Promise<Uint8Array | string> {
  const files = await readyImages(source.images, stored);
  const result = await renderer.render(
    { body: source.body, data: JSON.stringify(source.data), files, format },
    source.tenantId,
  );
  if (result.ok) return result.output;
  switch (result.kind) {
    case 'compile': {
      if (source.templateName === null)
        throw validationFailed(
          'The template does not compile.',
          result.problems.map((problem) => ({ field: 'body', message: line(problem) })),
        );
      // A saved template compiled against a record when it was saved: failing now, it failed on this one's data.
      const first = result.problems[0];
      throw documentFailed(
        `The ${source.document} template "${source.templateName}" failed on this ${source.document}` +
          `${first ? ` (${line(first)})` : ''}. Fix it, or choose another default template, in Settings > Templates.`,
      );
    }
    case 'pages':
      throw documentFailed(
        `The template makes ${result.pages.toLocaleString('en-AU')} pages; a document may have at most ${MAX_PAGES}.`,
      );
    case 'time':
      throw documentFailed(
        `The template took longer than ${RENDER_TIME_LIMIT_MS / 1000} seconds to render, so it was stopped.`,
      );
    case 'memory':
      throw documentFailed('The template needed more memory than a document may use, so it was stopped.');
    case 'crashed':
      throw documentFailed('The document could not be made: its render stopped unexpectedly.');
    case 'busy': {
      const retry = { retryAfterSeconds: result.retryAfterSeconds };
      if (result.whose === 'organisation')
        throw new ApiError(
          'RATE_LIMITED',
          'Your organisation is making too many documents at once. Please try again in a moment.',
          [],
          retry,
        );
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        'The server is making too many documents at once. Please try again in a moment.',
        [],
        retry,
      );
    }
  }
}
