import { JOB_STATUS_NAMES, type JobStatus } from '@fieldbook/domain';
import type { ActionBody, StoredAction } from './device-store';
import { holdsBack } from './work-queue';

/** What an action is, as the technician tapped it. */
export function actionName(action: ActionBody): string {
  switch (action.type) {
    case 'departure':
      return `On my way (arriving in ${action.arrivalMinutes} minutes)`;
    case 'status':
      return action.to === 'OPEN_IN_PROGRESS'
        ? 'Start'
        : action.to === 'OPEN_COMPLETED'
          ? 'Finish'
          : `Move to ${JOB_STATUS_NAMES[action.to as JobStatus] ?? action.to}`;
    case 'note':
      return `Note: ${action.text.length > 60 ? `${action.text.slice(0, 57)}…` : action.text}`;
    case 'photo':
      return `Photo ${action.filename}`;
    case 'signature':
      return action.customerNotPresent
        ? 'Sign-off: customer not present'
        : `Signed by ${action.signerName ?? 'the customer'}`;
  }
}

/** What the technician can do with an action of a job that is no longer theirs. */
const withGoneJob: Record<ActionBody['type'], string> = {
  note: 'Copy the note and pass it on to the office, then discard it here.',
  photo: 'Tell the office about the photo, then discard it here.',
  departure: 'Tell the office, then discard it here.',
  status: 'Tell the office what you did, then discard it here.',
  signature: 'Tell the office about the sign-off, then discard it here.',
};

/** Why an action the server refused (or that conflicts) was not sent, and what the technician can do about it. */
export function notSentText(action: StoredAction): string {
  const later = holdsBack(action) ? ' Later actions on this job wait for your choice.' : '';
  if (action.state === 'conflict' && action.conflict) {
    return (
      `Not sent: when you did this the job was ${action.conflict.was}. It has since been made ` +
      `${action.conflict.now}, on another device or by the office, and that does not allow it.${later}`
    );
  }
  if (action.jobGone) {
    return (
      `Not sent: job ${action.jobNumber} is no longer yours: the office has given it to someone else or deleted ` +
      `it. ${withGoneJob[action.action.type]} If the office gives it back to you, Try again sends it.${later}`
    );
  }
  return `Not sent: ${action.problem ?? 'the server refused it.'}${later}`;
}
