import { recordKeys } from '../../../lib/record-keys';

/** Query keys of the organisation's document templates. */
export const templateKeys = recordKeys('templates');
