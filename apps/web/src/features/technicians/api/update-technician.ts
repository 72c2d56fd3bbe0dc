import type { Technician, TechnicianFields, TechnicianUpdate } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { type RecordVersion, useUpdateRecord } from '../../../lib/record-mutations';
import { technicianKeys } from './technician-keys';

/** PUT /technicians/{id} with the name, whether retired, and the `updated` that was read; a newer one is a 409. */
export function updateTechnician(
  id: string,
  technician: TechnicianUpdate,
  idempotencyKey?: string,
): Promise<Technician> {
  return apiFetch<Technician>(`/technicians/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: technician,
    idempotencyKey,
  });
}

/** Saves over `read`, the version the editor started from. */
export const useUpdateTechnician = (read: RecordVersion) =>
  useUpdateRecord<TechnicianFields, Technician>(technicianKeys, read, updateTechnician);
