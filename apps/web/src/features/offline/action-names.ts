import { JOB_STATUS_NAMES, type JobStatus } from '@fieldbook/domain';
import type { ActionBody } from './device-store';

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
