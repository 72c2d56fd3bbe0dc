import { ERROR_STATUS, type ErrorCode, errorBody } from '@fieldbook/domain';

const meaning: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid: `fieldErrors` names each field and its problem.',
  UNAUTHENTICATED: 'No valid bearer access token.',
  FORBIDDEN: 'The token names no organisation, or one the caller is not a member of.',
  NOT_FOUND: 'No such record in this organisation.',
  CONFLICT: 'Someone else changed the record since it was read, or the request clashes with other records.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  DOCUMENT_FAILED:
    'The document could not be made from its template: the template fails, or it broke a limit (time, memory, pages).',
  RATE_LIMITED: 'Too many requests.',
  INTERNAL: 'Something went wrong on the server; its log has the details under the request id.',
  SERVICE_UNAVAILABLE:
    'The database cannot be reached, or the server is too busy to take the request now; try again after `Retry-After` seconds.',
};

/** The error responses a route declares (for validation of the reply and the OpenAPI document). */
export function errorResponses(...codes: ErrorCode[]) {
  return Object.fromEntries(
    codes.map((code) => [ERROR_STATUS[code], errorBody.describe(`${code}: ${meaning[code]}`)]),
  ) as Record<number, typeof errorBody>;
}

/** Every tenant route can answer these. */
const TENANT: ErrorCode[] = ['UNAUTHENTICATED', 'FORBIDDEN', 'INTERNAL', 'SERVICE_UNAVAILABLE'];

/** The error responses of the usual tenant endpoints. */
export const tenantErrors = {
  create: errorResponses('VALIDATION_FAILED', ...TENANT, 'CONFLICT'),
  read: errorResponses(...TENANT, 'NOT_FOUND'),
  update: errorResponses('VALIDATION_FAILED', ...TENANT, 'NOT_FOUND', 'CONFLICT'),
  remove: errorResponses(...TENANT, 'NOT_FOUND', 'CONFLICT'),
  list: errorResponses('VALIDATION_FAILED', ...TENANT),
  /** Any other tenant endpoint: add what it can answer besides. */
  with: (...more: ErrorCode[]) => errorResponses(...TENANT, ...more),
};
