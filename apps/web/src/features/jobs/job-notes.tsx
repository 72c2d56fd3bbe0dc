import { type JobNote, jobNoteFields } from '@fieldbook/domain';
import { Box, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useNotify } from '../../components/notices';
import { SectionLoader } from '../../components/section-loader';
import { displayDateTime } from '../../lib/date-display';
import { roleMay } from '../../lib/role-access';
import { serverNow } from '../../lib/server-clock';
import { useTimeZone } from '../../lib/time-zone';
import { KEPT_MESSAGE, type StoredAction, useFieldAction, useJobActions } from '../offline';
import { useRole } from '../team';
import { jobNotesQueryOptions, useAddJobNote, useDeleteJobNote, useSaveJobNote } from './api/job-notes';
import type { FieldJob } from './kept-actions';

/** The first problem the schema finds with a note's text ('Write the note.'), or null. */
function problemOf(text: string): string | null {
  const checked = jobNoteFields.safeParse({ text });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Check the note.');
}

/**
 * The job viewer's 'Notes': a box to add one (anyone who may see the job), then every note newest first with its
 * author and time. Its author may change a note in its first 15 minutes; an Owner may delete any.
 */
export function JobNotes({ job }: { job: FieldJob }) {
  const jobId = job.id;
  const headingId = useId();
  const notes = useQuery(jobNotesQueryOptions(jobId));
  // Notes kept on this device and not on the server yet: newest first, above the server's.
  const kept = useJobActions(jobId)
    .filter((action) => action.action.type === 'note')
    .reverse();
  return (
    <Box component="section" aria-labelledby={headingId} maw={720} mb="xl">
      <Title order={2} size="h3" mb="sm" id={headingId}>
        Notes
      </Title>
      <NewNote job={job} />
      {kept.length > 0 && (
        <Box component="ul" aria-label="Notes on this device" m={0} p={0} style={{ listStyle: 'none' }}>
          {kept.map((action) => (
            <KeptNoteItem key={action.key} action={action} />
          ))}
        </Box>
      )}
      {notes.isPending ? (
        <SectionLoader />
      ) : notes.isError ? (
        <LoadErrorAlert error={notes.error} onRetry={notes.refetch} />
      ) : notes.data.length === 0 ? (
        kept.length === 0 && <Text c="dimmed">No notes yet.</Text>
      ) : (
        <Box component="ul" aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
          {notes.data.map((note) => (
            <NoteItem key={note.id} jobId={jobId} note={note} />
          ))}
        </Box>
      )}
    </Box>
  );
}

interface NoteFormProps {
  label: string;
  description?: string;
  initialText?: string;
  submitLabel: string;
  busy: boolean;
  /** The failure of the last send, said with what became of the text. */
  failure?: { title: string; error: unknown; kept: string } | undefined;
  /** Sends the checked text. */
  onSubmit: (text: string) => void;
  onCancel?: () => void;
  /** The text changed (a new note's next send is another note). */
  onEdit?: () => void;
}

/** A note's box and its buttons: the text is checked as the server would before it is sent. */
function NoteForm({
  label,
  description,
  initialText = '',
  submitLabel,
  busy,
  failure,
  onSubmit,
  onCancel,
  onEdit,
}: NoteFormProps) {
  const [text, setText] = useState(initialText);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = problemOf(text);
    setProblem(found);
    if (!found) onSubmit(text);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" my="xs">
        <Textarea
          label={label}
          description={description}
          autosize
          minRows={2}
          maxRows={10}
          value={text}
          error={problem}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setProblem(null);
            onEdit?.();
          }}
        />
        {failure && <ApiErrorAlert title={failure.title} error={failure.error} items={[failure.kept]} />}
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function NewNote({ job }: { job: FieldJob }) {
  const field = useFieldAction(job);
  // One key for a note's text: sent again after a failure, the server adds it once.
  const key = useRef(crypto.randomUUID());
  // A saved note empties the box: the form starts again.
  const [round, setRound] = useState(0);
  const add = useAddJobNote(job.id);
  const notify = useNotify();
  return (
    <NoteForm
      key={round}
      label="New note"
      description="What was done or found. Everyone who can open this job can read it."
      submitLabel="Add note"
      busy={add.isPending}
      failure={
        add.isError
          ? {
              title: 'Note not added',
              error: add.error,
              kept: 'Your note is still in the box: add it again when you are ready.',
            }
          : undefined
      }
      onEdit={() => {
        key.current = crypto.randomUUID();
      }}
      onSubmit={(text) =>
        void field(
          { type: 'note', text },
          (noteKey) => add.mutateAsync({ fields: { text }, key: noteKey }),
          key.current,
        ).then(
          (sent) => {
            key.current = crypto.randomUUID();
            setRound((value) => value + 1);
            add.reset();
            notify(sent === 'kept' ? `Note ${KEPT_MESSAGE}` : 'Note added.');
          },
          // The failure shows under the box, with the text still in it.
          () => undefined,
        )
      }
    />
  );
}

/** A note kept on this device: its time and text, and that it waits to be sent (or was not sent). */
function KeptNoteItem({ action }: { action: StoredAction }) {
  const timeZone = useTimeZone();
  const when = displayDateTime(new Date(action.takenAt).toISOString(), timeZone);
  const state = action.state === 'waiting' ? 'waiting to send' : 'not sent: see the header';
  return (
    <Box component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" c="dimmed">
        On this device · {when} · {state}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {action.action.type === 'note' ? action.action.text : ''}
      </Text>
    </Box>
  );
}

function NoteItem({ jobId, note }: { jobId: string; note: JobNote }) {
  const timeZone = useTimeZone();
  const role = useRole();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const deletion = useDeleteJobNote(jobId);
  const notify = useNotify();
  const editable = note.author.mine && serverNow() < Date.parse(note.editableUntil);
  const edited = Date.parse(note.updated) - Date.parse(note.created) > 1000;
  const byline = [note.author.name ?? 'Someone', displayDateTime(note.created, timeZone), edited && 'edited'];
  return (
    <Box component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {byline.filter(Boolean).join(' · ')}
      </Text>
      {editing ? (
        <EditNote jobId={jobId} note={note} onDone={() => setEditing(false)} />
      ) : (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.text}</Text>
      )}
      {!editing && (editable || roleMay(role, 'removeJobNotes')) && (
        <Group gap="xs" mt={4}>
          {editable && (
            <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>
              Edit note
            </Button>
          )}
          {roleMay(role, 'removeJobNotes') && (
            <Button
              variant="subtle"
              color="red"
              // Not `color` alone: red 6 on white is under 4.5:1.
              c="red.9"
              size="compact-sm"
              loading={deletion.isPending}
              onClick={() => setAsking(true)}
            >
              Delete note
            </Button>
          )}
        </Group>
      )}
      {deletion.isError && (
        <ApiErrorAlert title="Note not deleted" error={deletion.error} items={['The note is as it was.']} />
      )}
      <Modal opened={asking} onClose={() => setAsking(false)} title="Delete this note?" centered>
        <Text mb="lg">This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button
            color="red.9"
            onClick={() => {
              setAsking(false);
              deletion.mutate(note.id, { onSuccess: () => notify('Note deleted.') });
            }}
          >
            Delete note
          </Button>
        </Group>
      </Modal>
    </Box>
  );
}

function EditNote({ jobId, note, onDone }: { jobId: string; note: JobNote; onDone: () => void }) {
  const save = useSaveJobNote(jobId);
  const notify = useNotify();
  return (
    <NoteForm
      label="Note"
      initialText={note.text}
      submitLabel="Save note"
      busy={save.isPending}
      failure={
        save.isError
          ? {
              title: 'Note not saved',
              error: save.error,
              kept: 'Your change is still in the box; the note is as it was.',
            }
          : undefined
      }
      onCancel={onDone}
      onSubmit={(text) =>
        save.mutate(
          { noteId: note.id, update: { text, updated: note.updated } },
          {
            onSuccess: () => {
              notify('Note saved.');
              onDone();
            },
          },
        )
      }
    />
  );
}
