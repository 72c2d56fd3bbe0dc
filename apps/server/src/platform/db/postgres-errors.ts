/** SQLSTATE codes the application turns into API errors. */
export const SQLSTATE = {
  /** A row is still referenced by a foreign key with ON DELETE RESTRICT. */
  restrictViolation: '23001',
  /** A row is still referenced (NO ACTION), or a reference points at a row that does not exist. */
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
} as const;

interface DatabaseError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The PostgreSQL error behind a failed query: drizzle wraps the driver's error (pg or PGlite) in `cause`. */
function databaseErrorOf(error: unknown): DatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as DatabaseError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** True when the error is one of the given SQLSTATEs (and, if named, on that constraint). */
export function isDatabaseError(error: unknown, codes: readonly string[], constraint?: string): boolean {
  const found = databaseErrorOf(error);
  if (!found || !codes.includes(String(found.code))) return false;
  return constraint === undefined || found.constraint === constraint;
}

/** Another record still points at this one (RESTRICT or NO ACTION): the delete must be refused. */
export const isStillReferenced = (error: unknown): boolean =>
  isDatabaseError(error, [SQLSTATE.restrictViolation, SQLSTATE.foreignKeyViolation]);

/** Errors of a database that cannot be reached at all, as opposed to a query it refused. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * The database is down, restarting or unreachable (SQLSTATE class 08, admin or crash shutdown, cannot connect
 * now, too many connections; or a network error from the driver): the request should be tried again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300')
        return true;
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = cause;
  }
  return false;
}
