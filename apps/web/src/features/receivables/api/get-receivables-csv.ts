import { receivablesCsvName } from '@fieldbook/domain';
import { apiFetchBlob } from '../../../lib/api-client';
import { useFileDownload } from '../../../lib/download-file';
import { withQuery } from '../../../lib/paths';

/** GET /reports/receivables/csv: every customer who owes as at `asAt`, and the totals, as a CSV file. */
export function getReceivablesCsv(asAt: string): Promise<Blob> {
  return apiFetchBlob(withQuery('/reports/receivables/csv', { asAt }), {
    headers: { Accept: 'text/csv, application/json' },
  });
}

/** The report as at `asAt`, saved as receivables-{asAt}.csv. */
export const useReceivablesCsv = (asAt: string) =>
  useFileDownload(() => getReceivablesCsv(asAt), receivablesCsvName(asAt));
