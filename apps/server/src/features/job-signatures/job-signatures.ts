import type { Signature, SignatureFields } from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { requireVisibleJob } from '../jobs/index.ts';
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

/**
 * Takes the customer's sign-off of the job (replacing one taken before), stamped with the member's name and the
 * time: now, or when it was taken on a phone without signal (`takenAt`).
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
    .onConflictDoUpdate({ target: [jobSignatures.tenantId, jobSignatures.jobId], set: values })
    .returning();
  return toSignature(row as typeof jobSignatures.$inferSelect);
}
