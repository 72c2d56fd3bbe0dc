import type { Departure } from '@fieldbook/domain';

/** How long after On my way the visit reads its departures again while the email waits for the mail server. */
const WATCH_MS = 2 * 60_000;
/** How often it reads them meanwhile. */
const WATCH_EVERY_MS = 5_000;

/**
 * What became of an On my way's email, in the technician's words (they cannot read the outbox): sent, waiting to
 * be sent (with no mail server set up it waits for good), or not sent, which the office can see to. Null with no
 * email.
 */
export function departureEmailText({ emailedTo, status }: Pick<Departure, 'emailedTo' | 'status'>) {
  if (!emailedTo) return null;
  if (status === 'SENT') return `email sent to ${emailedTo}`;
  if (status === 'FAILED' || status === 'WITHDRAWN')
    return `email could not be sent to ${emailedTo} (tell the office)`;
  return `email waiting to be sent to ${emailedTo}`;
}

/**
 * The departures' refetch interval: while the latest one's email waits, for the first minutes after it was said,
 * so the visit says 'sent' once it is; then the usual reads (the page opened again, the app back in front).
 */
export function whileEmailWaits(latest: Departure | undefined): number | false {
  const waiting = latest?.emailedTo && (latest.status === 'QUEUED' || latest.status === 'SENDING');
  return waiting && Date.now() - Date.parse(latest.departed) < WATCH_MS ? WATCH_EVERY_MS : false;
}
