import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { builtOnce } from '../../platform/db/built-selects.ts';
import type { Statement } from '../../platform/db/database.ts';
import { apiTime } from '../../platform/db/timestamps.ts';
import { fileKey, jobAttachments } from '../job-attachments/index.ts';
import { jobNotes } from '../job-notes/index.ts';
import { jobSignatures } from '../job-signatures/index.ts';
import type { JobData } from './document-data.ts';
import { showDateTime } from './document-formats.ts';
import type { DocumentImage } from './document-images.ts';

// What a visit left on a job, which its job sheet shows as proof of the work: the notes, the photos (and the names
// of the other files) and the customer's sign-off.

interface NoteRow {
  text: string;
  author: string | null;
  created: string;
}
interface FileRow {
  id: string;
  filename: string;
  thumbnail: boolean;
}
interface SignatureRow {
  customerNotPresent: boolean;
  signerName: string | null;
  image: Buffer | null;
  signedAt: string;
  takenBy: string | null;
}

/** A table whose rows belong to a job (`job_id`); read newest first when it has `created` and `id`. */
interface OfJob {
  tenantId: PgColumn;
  jobId: PgColumn;
  created?: PgColumn;
  id?: PgColumn;
}

/** The read of the job's rows of `table`, built once as a named statement. */
function rowsOfJob<Row>(name: string, table: OfJob & PgTable, fields: Record<string, PgColumn | SQL>) {
  return builtOnce<Row>((db) => {
    const rows = db
      .select(fields)
      .from(table)
      .where(and(eq(table.tenantId, sql.placeholder('tenantId')), eq(table.jobId, sql.placeholder('jobId'))));
    return table.created && table.id ? rows.orderBy(desc(table.created), desc(table.id)) : rows;
  }, name);
}

const notesOfJob = rowsOfJob<NoteRow>('job_notes_of_document', jobNotes, {
  text: jobNotes.text,
  author: jobNotes.authorName,
  created: apiTime(jobNotes.created),
});
const filesOfJob = rowsOfJob<FileRow>('job_files_of_document', jobAttachments, {
  id: jobAttachments.id,
  filename: jobAttachments.filename,
  thumbnail: jobAttachments.hasThumbnail,
});
const signatureOfJob = rowsOfJob<SignatureRow>('job_signature_of_document', jobSignatures, {
  customerNotPresent: jobSignatures.customerNotPresent,
  signerName: jobSignatures.signerName,
  image: jobSignatures.image,
  signedAt: apiTime(jobSignatures.signedAt),
  takenBy: jobSignatures.takenBy,
});

/** The reads of what a visit left on the job, to send with the job's own (`readAsMember`, `runTogether`). */
export const proofOfWorkReads = (tenantId: string, jobId: string): Statement[] =>
  [notesOfJob, filesOfJob, signatureOfJob].map((read) => read.with({ tenantId, jobId }));

export type ProofOfWorkData = Pick<JobData, 'notes' | 'photos' | 'files' | 'signature'>;

const SIGNATURE = '/signature';

/**
 * The job's notes, photos, other files and sign-off as its documents show them, from the rows of
 * `proofOfWorkReads` (times in the organisation's time zone), and the images they name: each photo's thumbnail
 * ("/photos/1", …) and the signature ("/signature").
 */
export function proofOfWork(
  tenantId: string,
  [notes = [], files = [], signatures = []]: unknown[][],
  timeZone: string,
): { work: ProofOfWorkData; images: Record<string, DocumentImage> } {
  const images: Record<string, DocumentImage> = {};
  const photos = (files as FileRow[])
    .filter((file) => file.thumbnail)
    .map((file, index) => {
      const image = `/photos/${index + 1}`;
      images[image] = { thumbnail: fileKey(tenantId, file.id, 'thumbnail') };
      return { image, filename: file.filename };
    });
  const [signed] = signatures as SignatureRow[];
  if (signed?.image) images[SIGNATURE] = { signature: signed.image };
  const work: ProofOfWorkData = {
    notes: (notes as NoteRow[]).map((note) => ({
      text: note.text,
      author: note.author,
      time: showDateTime(note.created, timeZone),
    })),
    photos,
    files: (files as FileRow[]).filter((file) => !file.thumbnail).map((file) => file.filename),
    signature: signed
      ? {
          customerNotPresent: signed.customerNotPresent,
          signerName: signed.signerName,
          image: signed.image ? SIGNATURE : null,
          time: showDateTime(signed.signedAt, timeZone),
          takenBy: signed.takenBy,
        }
      : null,
  };
  return { work, images };
}
