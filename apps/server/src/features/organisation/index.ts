// The organisation feature as other features use it: nothing else of it may be imported from outside (Biome).

export type { OrganisationDetails } from './organisation.ts';
export { detailsRead, readDetails, seedOrganisation } from './organisation.ts';
export { organisationDetails, organisationToday } from './organisation-tables.ts';
export {
  checkTemplateUpdate,
  createTemplate,
  deleteTemplate,
  findTemplate,
  templateList,
  updateTemplate,
} from './templates.ts';
