import {
  isUuid,
  type JobNote,
  type JobNoteFields,
  type JobNoteUpdate,
  jobNoteMessages,
  NOTE_EDIT_MINUTES,
} from '@fieldbook/domain';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { deleteRow, saveVersion } from '../../platform/records/record-rows.ts';
import { requireVisibleJob } from '../jobs/index.ts';
import { memberName } from '../team/index.ts';
import { jobNotes } from './job-note-tables.ts';

// Notes on a job (docs/team.md, "Roles"): whoever may see the job reads and adds them; a note's author changes it in
// its first minutes; an Owner deletes any (the role table says who may call each route).

const NOUN = 'note';
const EDIT_MS = NOTE_EDIT_MINUTES * 60_000;

type NoteRow = typeof jobNotes.$inferSelect;

const toNote = (row: NoteRow, member: Member): JobNote => ({
  id: row.id,
  job: { id: row.jobId },
  text: row.text,
  author: { name: row.authorName, mine: row.authorSubject === member.subject },
  editableUntil: new Date(row.created.getTime() + EDIT_MS).toISOString(),
  created: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

/** The job's notes, newest first. */
export async function listJobNotes(
  tx: Tx,
  tenantId: string,
  jobId: string,
  member: Member,
): Promise<JobNote[]> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const rows = await tx
    .select()
    .from(jobNotes)
    .where(and(eq(jobNotes.tenantId, tenantId), eq(jobNotes.jobId, jobId)))
    .orderBy(desc(jobNotes.created), desc(jobNotes.id));
  return rows.map((row) => toNote(row, member));
}

/** Adds a note to the job, signed with the member's name as the organisation knows it now. */
export async function addJobNote(
  tx: Tx,
  tenantId: string,
  jobId: string,
  fields: JobNoteFields,
  member: Member,
): Promise<JobNote> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const [row] = await tx
    .insert(jobNotes)
    .values({
      tenantId,
      id: uuidv7(),
      jobId,
      text: fields.text,
      authorSubject: member.subject,
      authorName: await memberName(tx, tenantId, member.subject),
    })
    .returning();
  return toNote(row as NoteRow, member);
}

/**
 * The note of this job, or 404 (another job's note is not this job's), and whether its author may no longer change
 * it: `NOTE_EDIT_MINUTES` after it was written, by the database's clock, as `created` was.
 */
async function noteOf(
  tx: Tx,
  tenantId: string,
  jobId: string,
  noteId: string,
  member: Member,
): Promise<NoteRow & { late: boolean }> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const [row] = isUuid(noteId)
    ? await tx
        .select({
          ...getTableColumns(jobNotes),
          late: sql<boolean>`now() > ${jobNotes.created} + ${`${NOTE_EDIT_MINUTES} minutes`}::interval`,
        })
        .from(jobNotes)
        .where(and(eq(jobNotes.tenantId, tenantId), eq(jobNotes.id, noteId), eq(jobNotes.jobId, jobId)))
    : [];
  if (!row) throw notFound(NOUN);
  return row;
}

const refused = (message: string) => new ApiError('FORBIDDEN', message);

/** Changes a note's text over the version the client read: only its author, in its first `NOTE_EDIT_MINUTES`. */
export async function saveJobNote(
  tx: Tx,
  tenantId: string,
  jobId: string,
  noteId: string,
  update: JobNoteUpdate,
  member: Member,
): Promise<JobNote> {
  const row = await noteOf(tx, tenantId, jobId, noteId, member);
  if (row.authorSubject !== member.subject) throw refused(jobNoteMessages.notAuthor);
  if (row.late) throw refused(jobNoteMessages.tooLate);
  const saved = await saveVersion(tx, jobNotes, { tenantId, id: noteId, updated: update.updated }, NOUN, {
    text: update.text,
  });
  return toNote(saved, member);
}

/** Deletes a note (an Owner's call: the role table). */
export async function deleteJobNote(
  tx: Tx,
  tenantId: string,
  jobId: string,
  noteId: string,
  member: Member,
): Promise<void> {
  await noteOf(tx, tenantId, jobId, noteId, member);
  await deleteRow(tx, jobNotes, tenantId, noteId, { noun: NOUN, stillReferenced: '' });
}
