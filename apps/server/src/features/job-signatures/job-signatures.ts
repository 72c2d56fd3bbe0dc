import { clockTime, formatsByZone, type Signature, type SignatureFields } from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { requireVisibleJob } from '../jobs/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { memberName } from '../team/index.ts';
import { jobSignatures } from './job-signature-tables.ts';

const PNG_PREFIX = 'data:image/png;base64,';

const toSignature = (row: typeof jobSignatures.$inferSelect): Signature => ({
  job: { id: row.jobId },
  customerNotPresent: row.customerNotPresent,
  signerName: row.signerName,
  image: row.image ? `${PNG_PREFIX}${row.image.toString('base64')}` : null,
  signedAt: row.signedAt.toISOString(),
  takenBy: row.takenBy,
});

/** The job's sign-off; null when none was taken. */
export async function findSignature(
  tx: Tx,
  tenantId: string,
  jobId: string,
  member: Member,
): Promise<Signature | null> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const [row] = await tx
    .select()
    .from(jobSignatures)
    .where(and(eq(jobSignatures.tenantId, tenantId), eq(jobSignatures.jobId, jobId)));
  return row ? toSignature(row) : null;
}

const dayIn = formatsByZone('en-AU', { day: 'numeric', month: 'short' });

/**
 * Why a sign-off taken before the one the job has was refused: "The job was already signed at 2:42 pm on 30 Nov by
 * Olivia Cartwright; this sign-off was not saved."
 */
export function signedAlready(held: Signature, timeZone: string): string {
  const signedAt = new Date(held.signedAt);
  const when = `${clockTime(signedAt, timeZone)} on ${dayIn(timeZone).format(signedAt)}`;
  const signed = held.customerNotPresent
    ? `signed off at ${when}${held.takenBy ? ` by ${held.takenBy}` : ''} (customer not present)`
    : `signed at ${when} by ${held.signerName}`;
  return `The job was already ${signed}; this sign-off was not saved.`;
}

/**
 * Takes the customer's sign-off of the job, stamped with the member's name and the time: now, or when it was taken
 * on a phone without signal (`takenAt`). It replaces one taken at the same time or before, never a later one: a
 * sign-off kept on one phone and sent later does not overwrite the customer's signature taken since on another
 * (409, naming when and by whom the job was signed).
 */
export async function takeSignature(
  tx: Tx,
  tenantId: string,
  jobId: string,
  fields: SignatureFields,
  member: Member,
): Promise<Signature> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const values = {
    customerNotPresent: fields.customerNotPresent,
    signerName: fields.signerName,
    image: fields.image ? Buffer.from(fields.image.slice(PNG_PREFIX.length), 'base64') : null,
    // When it was taken on a phone without signal, else now; never later than now.
    signedAt: fields.takenAt === undefined ? sql`now()` : sql`least(${fields.takenAt}::timestamptz, now())`,
    takenBy: await memberName(tx, tenantId, member.subject),
  };
  const [row] = await tx
    .insert(jobSignatures)
    .values({ tenantId, jobId, ...values })
    .onConflictDoUpdate({
      target: [jobSignatures.tenantId, jobSignatures.jobId],
      set: values,
      // The row is locked: a sign-off taken meanwhile is compared as it was committed.
      setWhere: sql`${jobSignatures.signedAt} <= excluded.signed_at`,
    })
    .returning();
  if (row) return toSignature(row);
  const [held] = await tx
    .select({ signature: jobSignatures, timeZone: organisationDetails.timeZone })
    .from(jobSignatures)
    .innerJoin(organisationDetails, eq(organisationDetails.tenantId, jobSignatures.tenantId))
    .where(and(eq(jobSignatures.tenantId, tenantId), eq(jobSignatures.jobId, jobId)));
  if (!held) throw new Error('A sign-off refused its update but has no row');
  throw conflict(signedAlready(toSignature(held.signature), held.timeZone));
}
