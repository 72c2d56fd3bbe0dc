import type { Technician, TechnicianFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { technicianKeys } from './technician-keys';

/** POST /technicians: the new technician. A name already in use (in any case) is a field error on `name`. */
export function createTechnician(fields: TechnicianFields, idempotencyKey: string): Promise<Technician> {
  return apiFetch<Technician>('/technicians', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateTechnician = () => useCreateRecord(technicianKeys, createTechnician);
