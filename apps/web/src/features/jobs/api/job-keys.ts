import { recordKeys } from '../../../lib/record-keys';

/** Query keys of jobs. */
export const jobKeys = recordKeys('jobs');
