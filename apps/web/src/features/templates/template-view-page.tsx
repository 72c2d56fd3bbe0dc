import { TEMPLATE_DOCUMENT_NAMES, type Template } from '@fieldbook/domain';
import { Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams } from 'react-router';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { editAction } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { paths } from '../../lib/paths';
import { templateQueryOptions } from './api/get-template';
import { TEMPLATES, templateCrumbs } from './template-crumbs';
import './template-screens.css';

/** settings/templates/{id}: the template's name, document and type, and its body as written. */
export function TemplateViewPage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={templateCrumbs(TEMPLATES, { label: 'Template' })} />
      <PageHeading>Template</PageHeading>
    </>
  );
  // Fetched afresh on every visit, as the other viewers' loaders do.
  const query = useQuery(templateQueryOptions(id));
  return (
    <QueryBoundary query={query} header={loading}>
      {(template) => <TemplateViewer template={template} />}
    </QueryBoundary>
  );
}

function TemplateViewer({ template }: { template: Template }) {
  const bodyHeading = useId();
  const { id, name, document, type, body } = template;
  return (
    <RecordViewer
      title={name}
      breadcrumbs={templateCrumbs(TEMPLATES, { label: name })}
      buttons={[editAction(paths.settings.editTemplate.href(id))]}
    >
      <RecordDetails
        rows={[
          { label: 'Document', value: document },
          { label: 'Type', value: type },
          {
            label: 'Default',
            value: template.default ? `Yes: ${TEMPLATE_DOCUMENT_NAMES[document]} are made with it` : 'No',
          },
        ]}
      />
      <Title order={2} size="h4" mb="xs" id={bodyHeading}>
        Body
      </Title>
      <section
        className="template-body"
        aria-labelledby={bodyHeading}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: long lines scroll sideways in the box, which the keyboard must reach to scroll.
        tabIndex={0}
      >
        <pre>{body}</pre>
      </section>
    </RecordViewer>
  );
}
