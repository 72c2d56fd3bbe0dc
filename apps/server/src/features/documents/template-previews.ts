import type { TemplateDocument } from '@fieldbook/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { findCustomer } from '../customers/index.ts';
import { invoices } from '../invoices/index.ts';
import { jobs } from '../jobs/index.ts';
import { readDetails } from '../organisation/index.ts';
import { readReceivables } from '../receivables/index.ts';
import type { StatementData } from './document-data.ts';
import { type DocumentSource, type RecordPart, recordPart, sourceOf } from './documents.ts';
import { previewQuote } from './quote-data.ts';
import { sampleInvoice, sampleJob, sampleJobImages, sampleStatement } from './sample-records.ts';
import { statementOf } from './statement-data.ts';

/**
 * A template in a form, to preview or to check before it is saved: rendered against the organisation's latest
 * invoice, job or quote when it has one (a job's photos as placeholders: a preview reads no stored file), a
 * statement of the customer who owes most, else a realistic sample.
 */
export async function formSource(
  tx: Tx,
  tenantId: string,
  { document, body }: { document: TemplateDocument; body: string },
): Promise<DocumentSource> {
  const details = await readDetails(tx, tenantId);
  const gst = details.details.gstRegistered;
  if (document === 'statement' || document === 'quote') {
    const data =
      document === 'statement'
        ? { statement: await previewStatement(tx, tenantId) }
        : { quote: await previewQuote(tx, tenantId, gst) };
    return { ...sourceOf(tenantId, document, details, { data, images: {} }), templateName: null, body };
  }
  const table = document === 'invoice' ? invoices : jobs;
  const [latest] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId)))
    .orderBy(desc(table.number))
    .limit(1);
  const record: RecordPart = latest
    ? await recordPart(tx, tenantId, document, latest.id, details.details)
    : document === 'invoice'
      ? { data: { invoice: sampleInvoice(gst) }, images: {} }
      : { data: { job: sampleJob() }, images: sampleJobImages };
  return { ...sourceOf(tenantId, document, details, record), templateName: null, body };
}

/** The statement of the customer who owes most as at today, else a sample. */
async function previewStatement(tx: Tx, tenantId: string): Promise<StatementData> {
  const [first] = (await readReceivables(tx, tenantId, { page: { offset: 0, limit: 1 } })).customers;
  if (!first) return sampleStatement();
  const customer = await findCustomer(tx, tenantId, first.customer.id);
  return (await statementOf(tx, tenantId, customer)).statement;
}
