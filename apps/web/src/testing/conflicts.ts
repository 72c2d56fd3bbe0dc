import { apiMessages, type ErrorBody } from '@fieldbook/domain';
import { jsonResponse } from './api';

// The API's 409s that carry a reason, as the server sends them.

/** The server's 409 for a save over a version someone saved since: `staleSaveResponse('customer')`. */
export function staleSaveResponse(noun: string): Response {
  const body: ErrorBody = {
    error: 'CONFLICT',
    message: apiMessages.staleSave(noun),
    reason: 'STALE_SAVE',
    fieldErrors: [],
  };
  return jsonResponse(body, { status: 409 });
}

/** The server's 409 for an Idempotency-Key sent again with other values (`message`: the server's for it). */
export function keyReusedResponse(message: string): Response {
  const body: ErrorBody = { error: 'CONFLICT', message, reason: 'IDEMPOTENCY_REUSED', fieldErrors: [] };
  return jsonResponse(body, { status: 409 });
}
