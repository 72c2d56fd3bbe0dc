import { apiFetchBlob } from '../../../lib/api-client';
import { useFileDownload } from '../../../lib/download-file';

/** GET /jobs/{id}/pdf: the job sheet made from the organisation's default job template. */
export function getJobPdf(id: string): Promise<Blob> {
  return apiFetchBlob(`/jobs/${encodeURIComponent(id)}/pdf`, {
    headers: { Accept: 'application/pdf, application/json' },
  });
}

/** The job's PDF, saved as job-{number}.pdf. */
export const useJobPdf = (job: { id: string; number: number }) =>
  useFileDownload(() => getJobPdf(job.id), `job-${job.number}.pdf`);
