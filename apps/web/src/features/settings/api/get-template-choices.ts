import { PAGE_SIZES, type TemplateDocument, type TemplateSummary } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { recordKeys } from '../../../lib/record-keys';

/** Template lists are the templates' own: a template's save reloads them. */
const templateKeys = recordKeys('templates');

const ofDocument = (document: TemplateDocument): ListParams => ({
  q: `document:${document}`,
  p: 1,
  s: PAGE_SIZES.templates,
});

/** GET /templates?q=document:{document}: the organisation's templates for invoices, or for jobs. */
export function getTemplateChoices(document: TemplateDocument): Promise<ListPage<TemplateSummary>> {
  return apiFetchList<TemplateSummary>(listRequestPath('/templates', ofDocument(document)));
}

/** The templates a default can be chosen from, for one document. */
export function templateChoicesQueryOptions(document: TemplateDocument) {
  return queryOptions({
    queryKey: templateKeys.list(ofDocument(document)),
    queryFn: () => getTemplateChoices(document),
  });
}
