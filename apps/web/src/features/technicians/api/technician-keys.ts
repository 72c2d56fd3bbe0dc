import { recordKeys } from '../../../lib/record-keys';

/** Query keys of the organisation's technicians. */
export const technicianKeys = recordKeys('technicians');
