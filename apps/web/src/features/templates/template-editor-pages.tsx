import type { Template } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EditRecord } from '../../components/editor/edit-record';
import { paths } from '../../lib/paths';
import { useCreateTemplate } from './api/create-template';
import { templateQueryOptions } from './api/get-template';
import { useUpdateTemplate } from './api/update-template';
import { TEMPLATES, templateCrumbs } from './template-crumbs';
import { TemplateEditor } from './template-editor';

/** settings/templates/new: the template editor, creating. */
export function NewTemplatePage() {
  const title = 'New template';
  return (
    <TemplateEditor
      title={title}
      breadcrumbs={templateCrumbs(TEMPLATES, { label: title })}
      save={useCreateTemplate()}
    />
  );
}

const EDIT = 'Edit template';
const editCrumbs = (id: string, name = 'Template') =>
  templateCrumbs(TEMPLATES, { label: name, to: paths.settings.template.href(id) }, { label: EDIT });

/** settings/templates/{id}/edit: the template editor, editing the template as it was when the page loaded. */
export function EditTemplatePage() {
  const { id = '' } = useParams();
  return (
    <EditRecord query={useQuery(templateQueryOptions(id))} title={EDIT} breadcrumbs={editCrumbs(id)}>
      {(template) => <UpdateTemplate template={template} />}
    </EditRecord>
  );
}

function UpdateTemplate({ template }: { template: Template }) {
  const update = useUpdateTemplate(template);
  return (
    <TemplateEditor
      title={EDIT}
      breadcrumbs={editCrumbs(template.id, template.name)}
      template={template}
      save={update}
    />
  );
}
