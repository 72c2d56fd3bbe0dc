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
