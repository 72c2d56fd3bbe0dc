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
import { and, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db, Tx } from '../../platform/db/database.ts';
import { fieldInvalid } from '../../platform/http/errors.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { deleteRow, nextUpdated, requireRow, saveVersion } from '../../platform/records/record-rows.ts';
import { organisationDetails } from './organisation-tables.ts';
import { templates } from './template-tables.ts';

const NOUN = 'template';

/** The templates every organisation starts with, as its own editable copies (never a hidden fallback). */
export const BUILT_IN_TEMPLATES = [
  { name: 'Tax invoice', document: 'invoice', file: 'tax-invoice.typ' },
  { name: 'Job sheet', document: 'job', file: 'job-sheet.typ' },
  { name: 'Statement', document: 'statement', file: 'statement.typ' },
  { name: 'Quote', document: 'quote', file: 'quote.typ' },
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

/**
 * The bodies each built-in template had in earlier releases (SHA-256 of the UTF-8 text, hex). An organisation's
 * copy whose body is still exactly one of them was never edited (`refreshBuiltInTemplates`).
 */
const EARLIER_BODIES: Partial<Record<string, string[]>> = {
  'tax-invoice.typ': [
    'c93715f06d3a18020227ae316773d3e79a454cc9ff03e4428760c59d89685c84',
    'bcce43cca116c4f6f0ab1718bc2a524132cff8ea8095a1b5c84bb0f244d59def',
    'b5c805c903f17d79bd475a53e9c669fbf6f75af0172fce5e2732bac759bb38dc',
    '64959f8f22d5893101b7764e57098ce6b9225b6d2301e190ccc0c9fd883bd8bd',
    'd626130d166a86e39dd024b03798de86676c5116b3aa7b5b3c293685d207b153',
    '748c5c244f4960024ff74fe433a77e5e22fef4f8a8a801e7739d17f23a5e6403',
  ],
  'quote.typ': ['148a1db934bd8be4586006336f1641c1c1cbc265d4d85ef01c8c262711e03b5b'],
  'job-sheet.typ': [
    'b7bb6d6b6305e997a4cca2534ada581a127d80704dbbdabb3ccbb8c44b02b62e',
    'f391a7b4de67fc32c350318c2a4817975d855b9fe9c2f17e95e70f614a25d55f',
    '7e22661de03da66c0abaf474e0ffa52bb8336777f49af0ca8d35d3641d358381',
    '3948eca40a441d62d03fce4002ef94b66d7cca93bc91dded908240c8d3ef796a',
  ],
};

/**
 * Brings every organisation's unedited copy of a built-in template (still named as it was made, its body exactly
 * an earlier release's) up to the current body, so a new section reaches organisations made before it; a copy
 * that was edited or renamed is left as it is. A start-up step, run as the database owner: one statement per
 * built-in template that has changed. Answers how many copies it brought up to date. `earlierBodies`: the
 * hashes by file (tests give their own).
 */
export async function refreshBuiltInTemplates(db: Db, earlierBodies = EARLIER_BODIES): Promise<number> {
  let refreshed = 0;
  for (const { name, document, file } of BUILT_IN_TEMPLATES) {
    const earlier = earlierBodies[file];
    if (!earlier) continue;
    const rows = await db
      .update(templates)
      .set({ body: builtInBody(file), updated: nextUpdated(templates.updated) })
      .where(
        and(
          eq(templates.name, name),
          eq(templates.document, document),
          inArray(sql`encode(sha256(convert_to(${templates.body}, 'UTF8')), 'hex')`, earlier),
        ),
      )
      .returning({ id: templates.id });
    refreshed += rows.length;
  }
  return refreshed;
}

/** The organisation's default template of each document: the columns of its details. */
const defaultColumns = {
  invoice: 'invoiceTemplateId',
  job: 'jobTemplateId',
  quote: 'quoteTemplateId',
  statement: 'statementTemplateId',
} as const satisfies Record<TemplateDocument, keyof typeof organisationDetails.$inferSelect>;

/** The documents that came after the first organisations: one made before them has no default for them yet. */
const LATER_DOCUMENTS = ['statement', 'quote'] as const satisfies readonly TemplateDocument[];

/**
 * Gives every organisation without a default template for a document that came after it (`LATER_DOCUMENTS`: it
 * was made before statements or quotes existed) its copy of the built-in one as that default: a start-up step,
 * run as the database owner, one statement per document. The details rows are locked as they are read, so
 * processes starting at once give each organisation one copy: the second waits for the first and then finds the
 * default set. Answers how many defaults it gave.
 */
export async function addBuiltInDefaults(db: Db): Promise<number> {
  let added = 0;
  for (const document of LATER_DOCUMENTS) {
    const built = BUILT_IN_TEMPLATES.find((template) => template.document === document);
    if (!built) continue;
    const column = organisationDetails[defaultColumns[document]];
    const result = (await db.execute(sql`
      with missing as (
        select ${organisationDetails.tenantId} as tenant_id from ${organisationDetails}
        where ${column} is null
        for update
      ), added as (
        insert into ${templates} (tenant_id, id, name, type, document, body)
        select tenant_id, gen_random_uuid(), ${built.name}, 'typst', ${built.document}, ${builtInBody(built.file)}
        from missing
        returning tenant_id, id
      )
      update ${organisationDetails} set ${sql.identifier(column.name)} = added.id
      from added where ${organisationDetails.tenantId} = added.tenant_id
      returning ${organisationDetails.tenantId}`)) as { rows: unknown[] };
    added += result.rows.length;
  }
  return added;
}

/** Whether the template is its organisation's default for its document. */
const isDefault = sql<boolean>`exists (
  select 1 from ${organisationDetails}
  where ${organisationDetails.tenantId} = ${templates.tenantId}
    and ${templates.id} in (${organisationDetails.invoiceTemplateId}, ${organisationDetails.jobTemplateId},
      ${organisationDetails.statementTemplateId}, ${organisationDetails.quoteTemplateId}))`;

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
  return { invoice: idOf('invoice'), job: idOf('job'), quote: idOf('quote'), statement: idOf('statement') };
}

async function makeDefault(tx: Tx, tenantId: string, document: TemplateDocument, id: string): Promise<void> {
  await tx
    .update(organisationDetails)
    .set({ [defaultColumns[document]]: id })
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
    .select({
      invoice: organisationDetails.invoiceTemplateId,
      job: organisationDetails.jobTemplateId,
      quote: organisationDetails.quoteTemplateId,
      statement: organisationDetails.statementTemplateId,
    })
    .from(organisationDetails)
    .where(eq(organisationDetails.tenantId, tenantId));
  return toTemplate(row, details?.[row.document as TemplateDocument] === row.id);
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
