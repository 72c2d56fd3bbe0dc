import {
  type Organisation,
  type OrganisationUpdate,
  organisationMessages,
  type TemplateDocument,
} from '@fieldbook/domain';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { builtOnce } from '../../platform/db/built-selects.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { fieldInvalid, notFound, staleSave } from '../../platform/http/errors.ts';
import { readAsMember, type TenantCaller } from '../../platform/http/member-scope.ts';
import { recordRead } from '../../platform/records/record-reads.ts';
import { nextUpdated } from '../../platform/records/record-rows.ts';
import { organisationDetails } from './organisation-tables.ts';
import { templates } from './template-tables.ts';
import { addBuiltInDefaults, refreshBuiltInTemplates, seedTemplates } from './templates.ts';

const NOUN = 'organisation';

/**
 * Makes a new organisation's details (empty but for its defaults and its time zone: `newOrganisationTimeZone` of
 * the creator's browser zone) and its built-in templates.
 */
export async function seedOrganisation(
  tx: Pick<Tx, 'insert'>,
  tenantId: string,
  timeZone?: string,
): Promise<void> {
  const defaults = await seedTemplates(tx, tenantId);
  await tx.insert(organisationDetails).values({
    tenantId,
    invoiceTemplateId: defaults.invoice,
    jobTemplateId: defaults.job,
    statementTemplateId: defaults.statement,
    quoteTemplateId: defaults.quote,
    ...(timeZone && { timeZone }),
  });
}

/**
 * Gives every organisation made before documents existed its details and built-in templates, and brings unedited
 * copies of the built-in templates up to date (`refreshBuiltInTemplates`), and a statement and a quote template to
 * every organisation made before statements or quotes existed (`addBuiltInDefaults`): a start-up step, a handful
 * of queries when there is nothing to do. Run as the database owner, as migrations are. Answers how many organisations it gave
 * details.
 */
export async function completeOrganisations(db: Db): Promise<number> {
  await refreshBuiltInTemplates(db);
  const missing = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      notExists(db.select().from(organisationDetails).where(eq(organisationDetails.tenantId, tenants.id))),
    );
  for (const { id } of missing) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${tenants} where ${tenants.id} = ${id} for update`);
      const [done] = await tx
        .select({ id: organisationDetails.tenantId })
        .from(organisationDetails)
        .where(eq(organisationDetails.tenantId, id));
      if (!done) await seedOrganisation(tx, id);
    });
  }
  await addBuiltInDefaults(db);
  return missing.length;
}

const invoiceTemplates = alias(templates, 'invoice_templates');
const jobTemplates = alias(templates, 'job_templates');
const statementTemplates = alias(templates, 'statement_templates');
const quoteTemplates = alias(templates, 'quote_templates');
/** The body column of each document's default template. */
const bodies = {
  invoice: invoiceTemplates.body,
  job: jobTemplates.body,
  quote: quoteTemplates.body,
  statement: statementTemplates.body,
};

/** The join to a default template of the organisation (`id`: its column of the details). */
const defaultTemplate = (template: { tenantId: PgColumn; id: PgColumn }, id: PgColumn) =>
  and(eq(template.tenantId, organisationDetails.tenantId), eq(template.id, id));

/** The details with the tenant's name, the default templates' names and one document's default template body. */
function selectDetails(db: Db, bodyOf: TemplateDocument | undefined) {
  const body = bodyOf ? bodies[bodyOf] : sql<null>`null`;
  return db
    .select({
      name: tenants.name,
      details: organisationDetails,
      invoiceTemplateName: invoiceTemplates.name,
      jobTemplateName: jobTemplates.name,
      statementTemplateName: statementTemplates.name,
      quoteTemplateName: quoteTemplates.name,
      templateBody: sql<string | null>`${body}`,
    })
    .from(organisationDetails)
    .innerJoin(tenants, eq(tenants.id, organisationDetails.tenantId))
    .innerJoin(invoiceTemplates, defaultTemplate(invoiceTemplates, organisationDetails.invoiceTemplateId))
    .innerJoin(jobTemplates, defaultTemplate(jobTemplates, organisationDetails.jobTemplateId))
    .leftJoin(
      statementTemplates,
      defaultTemplate(statementTemplates, organisationDetails.statementTemplateId),
    )
    .leftJoin(quoteTemplates, defaultTemplate(quoteTemplates, organisationDetails.quoteTemplateId))
    .where(eq(organisationDetails.tenantId, sql.placeholder('tenantId')));
}

type DetailsRow = Awaited<ReturnType<ReturnType<typeof selectDetails>['execute']>>[number];

/** `selectDetails` built once for each document (`builtOnce`), a named statement. */
const details = {
  none: builtOnce<DetailsRow>((db) => selectDetails(db, undefined), 'organisation_details'),
  invoice: builtOnce<DetailsRow>((db) => selectDetails(db, 'invoice'), 'organisation_details_invoice'),
  job: builtOnce<DetailsRow>((db) => selectDetails(db, 'job'), 'organisation_details_job'),
  quote: builtOnce<DetailsRow>((db) => selectDetails(db, 'quote'), 'organisation_details_quote'),
  statement: builtOnce<DetailsRow>((db) => selectDetails(db, 'statement'), 'organisation_details_statement'),
};

/**
 * The details with the tenant's name, the default templates' names and, when asked, one document's default
 * template body (one statement for a PDF), and the logo as bytes.
 */
export async function readDetails(tx: Tx, tenantId: string, bodyOf?: TemplateDocument): Promise<DetailsRow> {
  const [row] = await details[bodyOf ?? 'none'](tx, { tenantId });
  if (!row) throw notFound(NOUN);
  return row;
}

export type OrganisationDetails = Awaited<ReturnType<typeof readDetails>>;

/** `readDetails` as a read to send with others. */
export const detailsRead = (tenantId: string, bodyOf?: TemplateDocument) =>
  recordRead(details[bodyOf ?? 'none'].with({ tenantId }), (row: DetailsRow) => row, NOUN);

const dataUrl = (logo: Buffer | null, type: string | null) =>
  logo && type ? `data:${type};base64,${logo.toString('base64')}` : null;

const toOrganisation = ({
  name,
  details,
  invoiceTemplateName,
  jobTemplateName,
  statementTemplateName,
  quoteTemplateName,
}: OrganisationDetails): Organisation => ({
  id: details.tenantId,
  name,
  legalName: details.legalName,
  abn: details.abn,
  gstRegistered: details.gstRegistered,
  address: details.address,
  phone: details.phone,
  email: details.email,
  website: details.website,
  paymentAccountName: details.paymentAccountName,
  paymentBsb: details.paymentBsb,
  paymentAccountNumber: details.paymentAccountNumber,
  paymentText: details.paymentText,
  paymentTermsDays: details.paymentTermsDays,
  quoteValidityDays: details.quoteValidityDays,
  quoteTerms: details.quoteTerms,
  logo: dataUrl(details.logo, details.logoType),
  timeZone: details.timeZone,
  invoiceTemplate: { id: details.invoiceTemplateId, name: invoiceTemplateName },
  jobTemplate: { id: details.jobTemplateId, name: jobTemplateName },
  statementTemplate:
    details.statementTemplateId && statementTemplateName
      ? { id: details.statementTemplateId, name: statementTemplateName }
      : null,
  quoteTemplate:
    details.quoteTemplateId && quoteTemplateName
      ? { id: details.quoteTemplateId, name: quoteTemplateName }
      : null,
  invoiceEmailSubject: details.invoiceEmailSubject,
  invoiceEmailMessage: details.invoiceEmailMessage,
  onMyWaySubject: details.onMyWaySubject,
  onMyWayMessage: details.onMyWayMessage,
  reminderSubject: details.reminderSubject,
  reminderMessage: details.reminderMessage,
  automaticReminderDays: details.automaticReminderDays,
  created: details.created.toISOString(),
  updated: details.updated.toISOString(),
});

/** The organisation for the caller, read with the member's scope in one round trip (`readAsMember`). */
export async function readOrganisation(db: Db, caller: TenantCaller): Promise<Organisation> {
  const read = detailsRead(caller.tenantId);
  const { results } = await readAsMember(db, caller, [read.statement]);
  return toOrganisation(read.record(results[0] ?? []));
}

/** A logo data URL (checked by `logoField`) as its bytes and type. */
export function logoOf(logo: string | null): { bytes: Buffer; type: string } | null {
  const match = logo ? /^data:(image\/(?:png|jpeg));base64,(.*)$/.exec(logo) : null;
  return match?.[1] && match[2] !== undefined
    ? { type: match[1], bytes: Buffer.from(match[2], 'base64') }
    : null;
}

/** The logo as saved (null for none), so a save that keeps it need not check it again. */
export async function savedLogo(tx: Tx, tenantId: string): Promise<Buffer | null> {
  const [row] = await tx
    .select({ logo: organisationDetails.logo })
    .from(organisationDetails)
    .where(eq(organisationDetails.tenantId, tenantId));
  return row?.logo ?? null;
}

/** A default template must be one of this organisation's templates for that document. */
async function checkDefault(tx: Tx, tenantId: string, document: TemplateDocument, id: string): Promise<void> {
  const [row] = await tx
    .select({ document: templates.document })
    .from(templates)
    .where(and(eq(templates.tenantId, tenantId), eq(templates.id, id)));
  if (row?.document !== document)
    throw fieldInvalid(`${document}Template.id`, organisationMessages[`${document}Template`]);
}

/** Saves over the version the client read (409 when someone saved since), renaming the tenant too. */
export async function saveOrganisation(
  tx: Tx,
  tenantId: string,
  update: OrganisationUpdate,
): Promise<Organisation> {
  const { name, updated, logo, invoiceTemplate, jobTemplate, statementTemplate, quoteTemplate, ...fields } =
    update;
  await checkDefault(tx, tenantId, 'invoice', invoiceTemplate.id);
  await checkDefault(tx, tenantId, 'job', jobTemplate.id);
  if (statementTemplate) await checkDefault(tx, tenantId, 'statement', statementTemplate.id);
  if (quoteTemplate) await checkDefault(tx, tenantId, 'quote', quoteTemplate.id);
  const image = logoOf(logo);
  const [saved] = await tx
    .update(organisationDetails)
    .set({
      ...fields,
      logo: image?.bytes ?? null,
      logoType: image?.type ?? null,
      invoiceTemplateId: invoiceTemplate.id,
      jobTemplateId: jobTemplate.id,
      ...(statementTemplate && { statementTemplateId: statementTemplate.id }),
      ...(quoteTemplate && { quoteTemplateId: quoteTemplate.id }),
      updated: nextUpdated(organisationDetails.updated),
    })
    .where(
      and(eq(organisationDetails.tenantId, tenantId), eq(organisationDetails.updated, new Date(updated))),
    )
    .returning({ tenantId: organisationDetails.tenantId });
  if (!saved) {
    await readDetails(tx, tenantId);
    throw staleSave('organisation');
  }
  await tx.update(tenants).set({ name }).where(eq(tenants.id, tenantId));
  return toOrganisation(await readDetails(tx, tenantId));
}
