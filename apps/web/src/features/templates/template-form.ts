import type { Template, TemplateFields } from '@fieldbook/domain';

/** The editor's fields as the inputs hold them: text, and the default as a checkbox. */
export type TemplateFormValues = {
  name: string;
  type: string;
  document: string;
  body: string;
  default: boolean;
};

/** The inputs' labels, also naming a field's error in the alert. */
export const templateLabels = {
  name: 'Name',
  type: 'Type',
  document: 'Document',
  body: 'Body',
  default: 'Default template for its document',
} as const satisfies Record<keyof TemplateFields, string>;

/** The template's fields, or a new Typst invoice template's. */
export const templateFormValues = (template?: Template): TemplateFormValues => ({
  name: template?.name ?? '',
  type: template?.type ?? 'typst',
  document: template?.document ?? 'invoice',
  body: template?.body ?? '',
  default: template?.default ?? false,
});

/** The first input of the form marked invalid, to put the keyboard on. */
export const firstInvalid = (form: HTMLFormElement | null) =>
  form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;

/** Whether the form has an input for the field at a dotted path. */
export const hasInput = (form: HTMLFormElement | null, path: string) =>
  [...(form?.querySelectorAll('[data-path]') ?? [])].some(
    (input) => input.getAttribute('data-path') === path,
  );
