import type { TemplateDocument } from '@fieldbook/domain';
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { templateChoicesQueryOptions } from './api/get-template-choices';

interface TemplateSelectProps extends Omit<NativeSelectProps, 'data'> {
  document: TemplateDocument;
  /** The default as saved: offered even before (or without) the list of templates. */
  saved: { id: string; name: string };
}

/** The choice of a document's default template, from the organisation's templates for that document. */
export function TemplateSelect({ document, saved, description, ...select }: TemplateSelectProps) {
  const templates = useQuery(templateChoicesQueryOptions(document));
  const choices = (templates.data?.items ?? []).map((template) => ({
    value: template.id,
    label: template.name,
  }));
  if (!choices.some((choice) => choice.value === saved.id))
    choices.unshift({ value: saved.id, label: saved.name });
  return (
    <NativeSelect
      data={choices}
      description={
        templates.isError ? `${description} The other templates could not be loaded.` : description
      }
      {...select}
    />
  );
}
