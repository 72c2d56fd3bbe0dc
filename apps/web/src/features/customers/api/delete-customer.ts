import { apiFetch } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { customerKeys } from './customer-keys';

/** DELETE /customers/{id}; a customer with jobs or invoices is a 409. */
export function deleteCustomer(id: string): Promise<void> {
  return apiFetch<void>(`/customers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeleteCustomer = (id: string) => useDeleteRecord(customerKeys, id, deleteCustomer);
