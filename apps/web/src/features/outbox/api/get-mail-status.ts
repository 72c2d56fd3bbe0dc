import type { MailStatus } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /mail (Owners only): whether the server sends mail (`SMTP_URL` is set), and from which address. */
export function getMailStatus(): Promise<MailStatus> {
  return apiFetch<MailStatus>('/mail');
}

/** The server's setting: it changes only with a restart. */
export function mailStatusQueryOptions() {
  return queryOptions({ queryKey: ['mail'] as const, queryFn: getMailStatus, staleTime: 5 * 60_000 });
}
