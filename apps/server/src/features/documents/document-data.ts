/**
 * What a template is handed: the record and the organisation's details as data, in `sys.inputs.data` as JSON
 * (a template reads it with `json(bytes(sys.inputs.data))`), never spliced into its markup. Every figure is
 * already formatted as the screens show it (money "$1,234.50", dates "24 Nov 2026"), so a PDF's figures are
 * exactly the API's. Empty optional values are null.
 */
export interface DocumentData {
  organisation: OrganisationData;
  /** Present when the document is `invoice`. */
  invoice?: InvoiceData;
  /** Present when the document is `job`. */
  job?: JobData;
  /** Present when the document is `quote`. */
  quote?: QuoteData;
  /** Present when the document is `statement`. */
  statement?: StatementData;
}

export interface OrganisationData {
  name: string;
  legalName: string | null;
  /** Grouped as the ATO writes it: "51 824 753 556". */
  abn: string | null;
  gstRegistered: boolean;
  /** Multi-line. */
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  payment: {
    accountName: string | null;
    /** "063-000". */
    bsb: string | null;
    accountNumber: string | null;
    /** Free text, such as "PayID: accounts@example.com.au". Multi-line. */
    text: string | null;
  };
  paymentTermsDays: number;
  /** The path to hand to `image()` ("/logo.png" or "/logo.jpg"), or null when the organisation has none. */
  logo: string | null;
}

export interface PartyData {
  name: string;
  /** Multi-line. */
  address: string | null;
  phone: string | null;
  email: string | null;
}

export interface InvoiceLineData {
  code: string | null;
  description: string;
  /** "2", "1.5"; null when the line has none. */
  quantity: string | null;
  /** "$120.00"; null when the line has none. */
  unitPrice: string | null;
  /** "GST 10%"; null when the line has no rate. */
  taxRate: string | null;
  /** "$240.00". */
  amount: string;
}

export interface InvoiceData {
  /** "Tax invoice" for an organisation registered for GST, else "Invoice". */
  title: string;
  number: string;
  reference: string | null;
  /** "Draft", "Sent", "Paid", "Cancelled". */
  status: string;
  /** "24 Nov 2026". */
  date: string;
  due: string;
  customer: PartyData;
  job: { number: string } | null;
  /** Line amounts include tax: the total is shown with "Total price includes GST" and the GST amount. */
  amountsIncludeTax: boolean;
  lines: InvoiceLineData[];
  subtotal: string;
  tax: string;
  total: string;
  /** What its payments add up to ("$20.00"; "$0.00" for none). */
  amountPaid: string;
  /** Its payments, by date. */
  payments: InvoicePaymentData[];
  /** The total less the payments. */
  amountDue: string;
}

/** A payment against the invoice. */
export interface InvoicePaymentData {
  /** "24 Nov 2026". */
  date: string;
  /** "Bank transfer", "Card", "Cash", "Cheque", "Other". */
  method: string;
  reference: string | null;
  /** "$20.00". */
  amount: string;
}

export interface JobLineData {
  code: string | null;
  description: string;
  quantity: string | null;
  price: string | null;
  amount: string;
}

/** A note on the job: what was done or found. */
export interface JobNoteData {
  /** Multi-line. */
  text: string;
  /** The author's name as the organisation knew it when they wrote it; null when it has none. */
  author: string | null;
  /** When it was written: "24 Nov 2026, 9:00 am" in the organisation's time zone. */
  time: string;
}

/** A photo of the job. */
export interface JobPhotoData {
  /** The path to hand to `image()` ("/photos/1"): its thumbnail, at most 400 pixels a side. */
  image: string;
  filename: string;
}

/** The customer's sign-off of the job: their name and signature, or that they were not there. */
export interface JobSignatureData {
  customerNotPresent: boolean;
  /** Null when the customer was not present. */
  signerName: string | null;
  /** The path to hand to `image()` ("/signature"); null when the customer was not present. */
  image: string | null;
  /** When it was taken: "24 Nov 2026, 9:00 am" in the organisation's time zone. */
  time: string;
  /** The member who took it, by their name as the organisation knew it then. */
  takenBy: string | null;
}

export interface JobData {
  number: string;
  reference: string | null;
  /** "Ready to be scheduled", "Scheduled", … */
  status: string;
  customer: PartyData;
  location: { name: string; address: string | null } | null;
  priority: string | null;
  /** "24 Nov 2026, 9:00 am" in the organisation's time zone; null when not set. */
  due: string | null;
  scheduledStart: string | null;
  scheduledFinish: string | null;
  assignee: string | null;
  lines: JobLineData[];
  subtotal: string;
  tax: string;
  total: string;
  /** The job's notes, newest first. */
  notes: JobNoteData[];
  /** The job's photos, newest first. */
  photos: JobPhotoData[];
  /** The names of the job's other files (PDFs), newest first. */
  files: string[];
  /** Null until the job is signed off. */
  signature: JobSignatureData | null;
}

/** A Sent invoice with an amount due, as the statement lists it. */
export interface StatementInvoiceData {
  number: string;
  /** "24 Nov 2026". */
  date: string;
  due: string;
  total: string;
  /** What its payments add up to ("$0.00" for none). */
  paid: string;
  /** The total less the payments. */
  amountDue: string;
  /** Past its due date as at the statement's date. */
  overdue: boolean;
  /** "12 days overdue", "1 day overdue"; null when not past due. */
  overdueText: string | null;
}

/** One of the statement's aged totals. */
export interface StatementAgedData {
  /** "Current", "1–30 days", "31–60 days", "61–90 days", "90+ days". */
  label: string;
  /** "$1,234.50". */
  amount: string;
}

/** A customer's statement: their open invoices and what they owe, by age, as at a date (as the receivables report). */
export interface StatementData {
  /** "Statement". */
  title: string;
  /** The date it is as at: "30 Nov 2026". */
  asAt: string;
  customer: PartyData & { number: string };
  /** Every Sent invoice with an amount due, oldest first. */
  invoices: StatementInvoiceData[];
  /** Current, 1–30, 31–60, 61–90 and 90+ days past due, in that order. */
  aged: StatementAgedData[];
  /** The amount due on all of them. */
  totalDue: string;
  /** How many of them are past due. */
  overdueInvoices: number;
}

/** One of a quote's options: its own lines, and its totals with the lines common to every option. */
export interface QuoteOptionData {
  /** "Option A: repair". */
  name: string;
  /** The option's own lines; the lines common to every option are the quote's `lines`. */
  lines: InvoiceLineData[];
  /** The common lines and its own: "$320.00". */
  subtotal: string;
  tax: string;
  total: string;
  /** The option the customer accepted. */
  accepted: boolean;
}

/** A quote: its particulars, its lines (by option when it has options), its totals and terms. */
export interface QuoteData {
  number: string;
  reference: string | null;
  /** "Draft", "Sent", "Accepted", "Declined", "Converted". */
  status: string;
  /** Sent, and its expiry date has passed in the organisation's time zone. */
  expired: boolean;
  /** "24 Nov 2026". */
  date: string;
  /** The last day it is valid: "24 Dec 2026". */
  expiry: string;
  customer: PartyData;
  /** Where the work is; null when the quote names no location. */
  location: { name: string; address: string | null } | null;
  /** What the quote is for: "Replace the hot water system". */
  title: string;
  /** Multi-line. */
  description: string | null;
  /** Multi-line. */
  terms: string | null;
  /** Line amounts include tax: the total is shown with "Total price includes GST" and the GST amount. */
  amountsIncludeTax: boolean;
  /** Every line of a quote without options; of one with options, the lines common to every option. */
  lines: InvoiceLineData[];
  /** The options in the order they first appear; empty for a quote without options. */
  options: QuoteOptionData[];
  /** The accepted option's name, or null. */
  acceptedOption: string | null;
  /** Of all its lines; with options, the accepted option's, or the first option's until one is accepted. */
  subtotal: string;
  tax: string;
  total: string;
  /** Where the customer accepts or declines it online: given in the PDF an email carries, else null. */
  link: string | null;
}
