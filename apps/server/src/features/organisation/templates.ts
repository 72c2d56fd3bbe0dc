import { readFileSync } from 'node:fs';
import {
  PAGE_SIZES,
  type Template,
  type TemplateDocument,
  type TemplateFields,
  type TemplateSummary,
  type TemplateUpdate,
  templateMessages,
} from '@fieldbook/domain';
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import { fieldInvalid } from '../../platform/http/errors.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { deleteRow, requireRow, saveVersion } from '../../platform/records/record-rows.ts';
import { organisationDetails } from './organisation-tables.ts';
import { templates } from './template-tables.ts';

const NOUN = 'template';

/** The templates every organisation starts with, as its own editable copies (never a hidden fallback). */
export const BUILT_IN_TEMPLATES = [
  { name: 'Tax invoice', document: 'invoice', file: 'tax-invoice.typ' },
  { name: 'Job sheet', document: 'job', file: 'job-sheet.typ' },
] as const satisfies readonly { name: string; document: TemplateDocument; file: string }[];

const bodies = new Map<string, string>();

/** A built-in template's Typst markup (documents/built-in/), read once. */
export function builtInBody(file: string): string {
  let body = bodies.get(file);
  if (body === undefined) {
    body = readFileSync(new URL(`./built-in/${file}`, import.meta.url), 'utf8');
    bodies.set(file, body);
  }
  return body;
}

/** Whether the template is its organisation's default for its document. */
const isDefault = sql<boolean>`exists (
  select 1 from ${organisationDetails}
  where ${organisationDetails.tenantId} = ${templates.tenantId}
    and ${templates.id} in (${organisationDetails.invoiceTemplateId}, ${organisationDetails.jobTemplateId}))`;

const toTemplate = (row: typeof templates.$inferSelect, isDefaultTemplate: boolean): Template => ({
  id: row.id,
  name: row.name,
  type: row.type as Template['type'],
  document: row.document as TemplateDocument,
  body: row.body,
  default: isDefaultTemplate,
  created: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

/** Inserts the built-in templates of a new organisation; their ids by document, to make them the defaults. */
export async function seedTemplates(
  tx: Pick<Tx, 'insert'>,
  tenantId: string,
): Promise<Record<TemplateDocument, string>> {
  const rows = BUILT_IN_TEMPLATES.map((template) => ({
    tenantId,
    id: uuidv7(),
    name: template.name,
    type: 'typst',
    document: template.document,
    body: builtInBody(template.file),
  }));
  await tx.insert(templates).values(rows);
  const idOf = (document: TemplateDocument) => rows.find((row) => row.document === document)?.id as string;
  return { invoice: idOf('invoice'), job: idOf('job') };
}

async function makeDefault(tx: Tx, tenantId: string, document: TemplateDocument, id: string): Promise<void> {
  await tx
    .update(organisationDetails)
    .set({ [document === 'invoice' ? 'invoiceTemplateId' : 'jobTemplateId']: id })
    .where(eq(organisationDetails.tenantId, tenantId));
}

export async function createTemplate(tx: Tx, tenantId: string, fields: TemplateFields): Promise<Template> {
  const { default: asDefault, ...values } = fields;
  const [row] = await tx
    .insert(templates)
    .values({ ...values, tenantId, id: uuidv7() })
    .returning();
  if (!row) throw new Error('The template was not inserted');
  if (asDefault) await makeDefault(tx, tenantId, row.document as TemplateDocument, row.id);
  return toTemplate(row, asDefault === true);
}

export async function findTemplate(tx: Tx, tenantId: string, id: string): Promise<Template> {
  const row = await requireRow(tx, templates, tenantId, id, NOUN);
  const [details] = await tx
    .select({ invoice: organisationDetails.invoiceTemplateId, job: organisationDetails.jobTemplateId })
    .from(organisationDetails)
    .where(eq(organisationDetails.tenantId, tenantId));
  return toTemplate(row, details?.invoice === row.id || details?.job === row.id);
}

/** The template as it is, when the update keeps it findable and keeps a default a default (else a field error). */
export async function checkTemplateUpdate(
  tx: Tx,
  tenantId: string,
  id: string,
  update: Pick<TemplateUpdate, 'default' | 'document'>,
): Promise<Template> {
  const before = await findTemplate(tx, tenantId, id);
  if (before.default && update.default === false)
    throw fieldInvalid('default', templateMessages.keepDefault(before.document));
  if (before.default && update.document !== before.document)
    throw fieldInvalid('document', templateMessages.keepDefault(before.document));
  return before;
}

/**
 * Saves over the version the client read (404; 409 when someone saved it since). A default template stays its
 * document's default: it cannot be unmade or moved to another document until another template is the default.
 */
export async function updateTemplate(
  tx: Tx,
  tenantId: string,
  id: string,
  update: TemplateUpdate,
): Promise<Template> {
  const before = await checkTemplateUpdate(tx, tenantId, id, update);
  const { id: _id, updated, default: asDefault, ...fields } = update;
  const row = await saveVersion(tx, templates, { tenantId, id, updated }, NOUN, fields);
  if (asDefault && !before.default) await makeDefault(tx, tenantId, fields.document, id);
  return toTemplate(row, before.default || asDefault === true);
}

/** Deletes the template; a default template is refused (409): the organisation always has one per document. */
export function deleteTemplate(tx: Tx, tenantId: string, id: string): Promise<void> {
  return deleteRow(tx, templates, tenantId, id, {
    noun: NOUN,
    stillReferenced: templateMessages.deleteDefault,
  });
}

/** What `q` may search on the template list (a handful of rows: no search view, see migration 0015). */
const templateSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: templates.id, uuid: true },
    name: { kind: 'text', column: templates.name },
    document: { kind: 'exact', column: templates.document },
    type: { kind: 'exact', column: templates.type },
  },
  searchable: [templates.name],
};

/** The templates as `readList` reads them, by name. */
export const templateList: SortedList<TemplateSummary> = {
  pageSize: PAGE_SIZES.templates,
  resource: templateSearch,
  source: templates,
  select: (db, total) =>
    db
      .select({
        id: templates.id,
        name: templates.name,
        type: templates.type,
        document: templates.document,
        default: isDefault,
        total,
      })
      .from(templates),
  keys: [ascending(sql`lower(${templates.name})`), ascending(templates.id)],
  // The type and document are the checked codes the domain names.
  toRecord: (row: TemplateSummary) => row,
};
