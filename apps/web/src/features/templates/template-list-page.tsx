import { PAGE_SIZES, type TemplateSummary } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListQuery } from '../../components/list/use-list-params';
import { TAP_TARGET } from '../../components/tap-targets';
import { paths } from '../../lib/paths';
import { templatesQueryOptions } from './api/get-templates';
import { DefaultBadge } from './default-badge';
import { templateCrumbs } from './template-crumbs';

const columns: Column<TemplateSummary>[] = [
  {
    header: 'Name',
    cell: (template) => (
      <>
        {/* Not the cell's only content: it takes the tap target's size itself. */}
        <Anchor component={Link} to={paths.settings.template.href(template.id)} className={TAP_TARGET}>
          {template.name}
        </Anchor>
        {template.default && <DefaultBadge />}
      </>
    ),
  },
  { header: 'Document', cell: (template) => template.document },
  { header: 'Type', cell: (template) => template.type },
];

/** settings/templates: the organisation's document templates by name, a page of 100 (a handful in practice). */
export function TemplateListPage() {
  return (
    <>
      <PageBreadcrumbs crumbs={templateCrumbs({ label: 'Templates' })} />
      <ListScreen
        title="Templates"
        path={paths.settings.templates}
        list={useListQuery(templatesQueryOptions, PAGE_SIZES.templates)}
        searchPlaceholder="Name"
        newRecord={{ label: 'New template', to: paths.settings.newTemplate }}
        columns={columns}
        noun={['template', 'templates']}
        emptyText="No templates found."
      />
    </>
  );
}
