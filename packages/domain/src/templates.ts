import { saveOf } from './records.ts';
import { requiredText } from './text-fields.ts';
import { z } from './zod.ts';

/** The template languages: Typst only (architecture, Documents). */
export const TEMPLATE_TYPES = ['typst'] as const;
/** What a template renders. */
export const TEMPLATE_DOCUMENTS = ['invoice', 'job', 'quote', 'statement'] as const;
export type TemplateDocument = (typeof TEMPLATE_DOCUMENTS)[number];

/** What the screens call each document. */
export const TEMPLATE_DOCUMENT_NAMES: Record<TemplateDocument, string> = {
  invoice: 'invoices',
  job: 'jobs',
  quote: 'quotes',
  statement: 'statements',
};

export const templateMessages = {
  name: 'Enter the template name.',
  type: 'Enter the template type: typst.',
  typeUnknown: 'The only template type is typst.',
  document: 'Enter the document: invoice, job, quote or statement.',
  documentUnknown: 'The document is invoice, job, quote or statement.',
  body: 'Enter the template body.',
  keepDefault: (document: TemplateDocument) =>
    `This template is the default for ${TEMPLATE_DOCUMENT_NAMES[document]}: make another template the default first.`,
  deleteDefault:
    'This template is a default template, so it cannot be deleted. Make another template the default first.',
} as const;

/** The largest template body: far more than any document needs, far less than a request may carry. */
export const MAX_TEMPLATE_BODY = 200_000;

/** One of a fixed set of words, typed as single-line text (spec section 2): required, then known. */
const wordOf = <Words extends readonly [string, ...string[]]>(
  words: Words,
  missing: string,
  unknown: string,
) =>
  requiredText(missing, 50).pipe(
    z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(words, { error: unknown })),
  );

/** A document template (spec section 3): every field required. */
export const templateFields = z.object({
  name: requiredText(templateMessages.name, 200),
  type: wordOf(TEMPLATE_TYPES, templateMessages.type, templateMessages.typeUnknown),
  document: wordOf(TEMPLATE_DOCUMENTS, templateMessages.document, templateMessages.documentUnknown),
  body: requiredText(templateMessages.body, MAX_TEMPLATE_BODY, { multiLine: true }),
  /** Make it the organisation's default for its document; absent keeps things as they are. */
  default: z.boolean({ error: 'Say whether this is the default template.' }).optional(),
});

export const templateUpdate = saveOf(templateFields);

export type TemplateFields = z.output<typeof templateFields>;
export type TemplateUpdate = z.output<typeof templateUpdate>;

/** A template as the API returns it. */
export const templateRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  document: z.enum(TEMPLATE_DOCUMENTS),
  body: z.string(),
  /** The organisation's default template for its document. */
  default: z.boolean(),
  created: z.string(),
  updated: z.string(),
});

export type Template = z.infer<typeof templateRecord>;

/** A template in the list (spec: id, name, document, type), with whether it is a default. */
export const templateSummary = templateRecord.pick({
  id: true,
  name: true,
  document: true,
  type: true,
  default: true,
});
export type TemplateSummary = z.infer<typeof templateSummary>;
