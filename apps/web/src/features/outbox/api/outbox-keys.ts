import { recordKeys } from '../../../lib/record-keys';

/** Query keys of the organisation's outgoing messages. */
export const outboxKeys = recordKeys('outbox');
