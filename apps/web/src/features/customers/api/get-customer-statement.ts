import { statementFileName } from '@fieldbook/domain';
import { apiFetchBlob } from '../../../lib/api-client';
import { useFileDownload } from '../../../lib/download-file';

/** GET /customers/{id}/statement?asAt=: the statement made from the organisation's default statement template. */
export function getCustomerStatement(customerId: string, asAt: string): Promise<Blob> {
  return apiFetchBlob(
    `/customers/${encodeURIComponent(customerId)}/statement?asAt=${encodeURIComponent(asAt)}`,
    {
      headers: { Accept: 'application/pdf, application/json' },
    },
  );
}

/** The customer's statement as at `asAt`, saved as statement-{number}-{asAt}.pdf. */
export const useCustomerStatement = (customer: { id: string; number: number }, asAt: string) =>
  useFileDownload(() => getCustomerStatement(customer.id, asAt), statementFileName(customer.number, asAt));
