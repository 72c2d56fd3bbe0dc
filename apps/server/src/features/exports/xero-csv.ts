import {
  lineAmount,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
  priceText,
  quantityText,
  rateText,
  sumOfAmounts,
} from '@fieldbook/domain';

// The files a bookkeeper imports into Xero (docs/exports.md): sales invoices in the columns of Xero's invoice import
// template, and payments as a bank statement, which is the only file Xero imports that can settle an invoice.
// Pure: the caller reads the records and sends the text.

/** Xero's sales invoice template (SalesInvoiceTemplate.csv), its columns in its order; `*` marks a required one. */
export const XERO_INVOICE_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

/** Xero's bank statement template, its columns in its order (the Australian spelling, "Cheque"). */
export const XERO_PAYMENT_COLUMNS = [
  '*Date',
  '*Amount',
  'Payee',
  'Description',
  'Reference',
  'Cheque Number',
] as const;

/** The names of the Australian tax rates a Xero sales line uses (tax types OUTPUT and EXEMPTOUTPUT). */
export const XERO_TAX_TYPES = { taxed: 'GST on Income', free: 'GST Free Income' } as const;

/** "Sales", the revenue account of Xero's Australian chart of accounts. */
export const XERO_SALES_ACCOUNT = '200';

/** Xero keeps a unit price to 4 decimals; a line whose price has more goes as one unit of its amount. */
const XERO_PRICE_PLACES = 4;

/** A customer as the invoice bills them; the address as its lines (street, suburb…) and the parts known apart. */
export interface XeroCustomer {
  name: string;
  email?: string | null;
  address?: {
    lines: readonly string[];
    city?: string | null;
    region?: string | null;
    postcode?: string | null;
    country?: string | null;
  } | null;
}

/** A line as the invoice has it: quantity and price as text (null for a lump sum), the amount with 2 decimals. */
export interface XeroInvoiceLine {
  code: string | null;
  description: string;
  quantity: string | null;
  price: string | null;
  amount: string;
  taxRate: { name: string; rate: string } | null;
}

/** An invoice to export: its number as Fieldbook shows it (42), its dates as ISO calendar dates. */
export interface XeroInvoice {
  number: number;
  reference: string | null;
  date: string;
  due: string;
  customer: XeroCustomer;
  /** Whether the prices were entered including GST: Xero takes this per file, at import (`xeroAmountsAre`). */
  amountsIncludeTax: boolean;
  lines: readonly XeroInvoiceLine[];
}

export interface XeroInvoiceOptions {
  /** The revenue account every line is coded to; `XERO_SALES_ACCOUNT` unless the organisation uses another. */
  accountCode?: string;
  /** Fill InventoryItemCode with the lines' codes: only when the organisation's Xero items have the same codes. */
  itemCodes?: boolean;
}

/** A payment received against an invoice. */
export interface XeroPayment {
  date: string;
  amount: string;
  invoiceNumber: number;
  customerName: string;
  method: PaymentMethod;
  /** The bank's, card terminal's or cheque's reference. */
  reference: string | null;
}

/** What to choose for the prices at Xero's invoice import: the template has no column for it. */
export type XeroAmountsAre = 'Tax Exclusive' | 'Tax Inclusive';

/** The invoices of each kind of prices, each a file of its own (Xero reads a whole file one way). */
export function byAmountsAre(invoices: readonly XeroInvoice[]): Record<XeroAmountsAre, XeroInvoice[]> {
  return {
    'Tax Exclusive': invoices.filter((invoice) => !invoice.amountsIncludeTax),
    'Tax Inclusive': invoices.filter((invoice) => invoice.amountsIncludeTax),
  };
}

/** What to choose at import for a file of these invoices; null for none. Throws when they mix the two. */
export function xeroAmountsAre(invoices: readonly XeroInvoice[]): XeroAmountsAre | null {
  const groups = byAmountsAre(invoices);
  if (groups['Tax Exclusive'].length > 0 && groups['Tax Inclusive'].length > 0)
    throw new RangeError(
      'Xero reads a whole file as tax exclusive or as tax inclusive: split it with byAmountsAre.',
    );
  if (groups['Tax Inclusive'].length > 0) return 'Tax Inclusive';
  return invoices.length > 0 ? 'Tax Exclusive' : null;
}

/**
 * Xero's sales invoice import file: a header row, then a row per invoice line with the invoice's columns repeated on
 * each. The invoices must all have tax-exclusive prices or all tax-inclusive ones (`byAmountsAre`); the bookkeeper
 * chooses the same at import. Total and TaxAmount stay empty, for Xero to compute from the lines.
 */
export function xeroInvoicesCsv(invoices: readonly XeroInvoice[], options: XeroInvoiceOptions = {}): string {
  xeroAmountsAre(invoices); // throws when the invoices mix the two kinds of prices
  const rows = invoices.flatMap((invoice) =>
    linesOf(invoice).map((line) => invoiceRow(invoice, line, options)),
  );
  return csvText(XERO_INVOICE_COLUMNS, rows);
}

/**
 * Payments as Xero's bank statement import: a line of money in for each, to import into a clearing bank account
 * and match to its invoice (docs/exports.md). The invoice number is the line's reference, for Xero's Find & Match.
 */
export function xeroPaymentsCsv(payments: readonly XeroPayment[]): string {
  return csvText(XERO_PAYMENT_COLUMNS, payments.map(paymentRow));
}

type InvoiceRow = Record<(typeof XERO_INVOICE_COLUMNS)[number], string>;

// Xero needs a line to make an invoice: one with none goes as a single line of nothing, so its number still arrives.
const NO_LINES: XeroInvoiceLine = {
  code: null,
  description: 'No line items',
  quantity: '1',
  price: '0',
  amount: '0.00',
  taxRate: null,
};

const linesOf = (invoice: XeroInvoice): readonly XeroInvoiceLine[] =>
  invoice.lines.length > 0 ? invoice.lines : [NO_LINES];

function invoiceRow(invoice: XeroInvoice, line: XeroInvoiceLine, options: XeroInvoiceOptions): InvoiceRow {
  const { customer } = invoice;
  const [line1 = '', line2 = '', line3 = '', ...rest] = customer.address?.lines ?? [];
  const { quantity, unitAmount } = xeroQuantities(line);
  return {
    '*ContactName': inertText(customer.name),
    EmailAddress: inertText(customer.email),
    POAddressLine1: inertText(line1),
    POAddressLine2: inertText(line2),
    POAddressLine3: inertText(line3),
    // Xero has four lines: any beyond go on the fourth.
    POAddressLine4: inertText(rest.join(', ')),
    POCity: inertText(customer.address?.city),
    PORegion: inertText(customer.address?.region),
    POPostalCode: inertText(customer.address?.postcode),
    POCountry: inertText(customer.address?.country),
    '*InvoiceNumber': String(invoice.number),
    Reference: inertText(invoice.reference),
    '*InvoiceDate': xeroDate(invoice.date),
    '*DueDate': xeroDate(invoice.due),
    Total: '',
    InventoryItemCode: options.itemCodes ? inertText(line.code) : '',
    '*Description': inertText(line.description),
    '*Quantity': quantity,
    '*UnitAmount': unitAmount,
    Discount: '',
    '*AccountCode': inertText(options.accountCode?.trim() || XERO_SALES_ACCOUNT),
    '*TaxType': xeroTaxType(line.taxRate),
    TaxAmount: '',
    TrackingName1: '',
    TrackingOption1: '',
    TrackingName2: '',
    TrackingOption2: '',
    Currency: '',
    BrandingTheme: '',
  };
}

/**
 * The line's quantity and unit price as Xero takes them: as entered, whose product to the cent is the line's amount.
 * A lump sum (no quantity or price), or a price of more decimals than Xero keeps, goes as one unit of the line's
 * amount, which is exact.
 */
export function xeroQuantities(line: Pick<XeroInvoiceLine, 'quantity' | 'price' | 'amount'>): {
  quantity: string;
  unitAmount: string;
} {
  const price = present(line.price) ? priceText(line.price) : null;
  const places = price === null ? 0 : price.length - price.indexOf('.') - 1;
  if (present(line.quantity) && price !== null && places <= XERO_PRICE_PLACES)
    return { quantity: quantityText(line.quantity), unitAmount: price };
  return { quantity: '1', unitAmount: lineAmount({ amount: line.amount }) };
}

/** GST on Income for a line taxed at a rate above 0; GST Free Income for 0 % or no rate. */
export const xeroTaxType = (taxRate: { rate: string } | null): string =>
  taxRate !== null && rateText(taxRate.rate) !== '0' ? XERO_TAX_TYPES.taxed : XERO_TAX_TYPES.free;

/** The rate Xero charges on a GST on Income line, whatever the line's own. */
export const XERO_GST_RATE = '10';

/** Whether Xero would tax the invoice otherwise than Fieldbook: a line taxed at a rate other than 0 or 10 %. */
export const xeroTaxesOtherwise = (invoice: { lines: readonly { taxRate: { rate: string } | null }[] }) =>
  invoice.lines.some(
    ({ taxRate }) => taxRate !== null && !['0', XERO_GST_RATE].includes(rateText(taxRate.rate)),
  );

function paymentRow(payment: XeroPayment): Record<(typeof XERO_PAYMENT_COLUMNS)[number], string> {
  const method = PAYMENT_METHOD_NAMES[payment.method];
  const reference = payment.reference?.trim() || null;
  return {
    '*Date': xeroDate(payment.date),
    '*Amount': sumOfAmounts([payment.amount]),
    Payee: inertText(payment.customerName),
    Description: `Invoice ${payment.invoiceNumber} (${method}${reference ? `, ref ${reference}` : ''})`,
    Reference: String(payment.invoiceNumber),
    'Cheque Number': payment.method === 'CHEQUE' ? inertText(reference) : '',
  };
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO calendar date ("2026-11-23") as Xero's Australian imports read it: "23/11/2026". */
export function xeroDate(date: string): string {
  const match = isoDate.exec(date);
  if (!match) throw new RangeError(`Not an ISO calendar date: ${date}`);
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

const present = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value.trim() !== '';

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Free text for a cell, made inert for a spreadsheet that opens the file: an apostrophe before a leading =, +, -, @,
 * tab or carriage return. Xero reads the file as text and keeps the apostrophe, so only typed text gets one: never a
 * number or a date, whose minus sign would then not be read.
 */
export function inertText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return formulaStart.test(value) ? `'${value}` : value;
}

/** A field as RFC 4180 writes it: quoted, its quotes doubled, when it holds a comma, quote, CR or LF. */
export const csvField = (value: string): string =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** A header row and the rows in the columns' order, each line ended by CRLF. */
function csvText<Column extends string>(
  columns: readonly Column[],
  rows: readonly Record<Column, string>[],
): string {
  const lines = [columns, ...rows.map((row) => columns.map((column) => row[column]))];
  return lines.map((cells) => `${cells.map(csvField).join(',')}\r\n`).join('');
}
