import { type Job, jobNoteFields, signatureFields } from '@fieldbook/domain';
import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useNotify } from '../../components/notices';
import { type ActionBody, KEPT_MESSAGE, useFieldAction } from '../offline';
import { useAddJobNote } from './api/job-notes';
import { useTakeSignature } from './api/job-signature';
import { useChangeJobStatus } from './api/update-job';
import { SignatureBox, type SignatureBoxHandle } from './signature-box';

interface FinishJobDialogProps {
  job: Pick<Job, 'id' | 'number' | 'customer' | 'status'>;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Finish job 12': the work done (kept as a note), the customer's name and signature, or that they were not there;
 * then the job is Completed (its actual finish stamped by the server). Each part is saved in turn; a failure keeps
 * the form as it was and says what was saved, so Finish can be tapped again.
 */
export function FinishJobDialog({ job, opened, onClose }: FinishJobDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Finish job ${job.number}`}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {opened && <FinishForm job={job} onDone={onClose} />}
    </Modal>
  );
}

interface Problems {
  workDone?: string;
  signerName?: string;
  image?: string;
}

function FinishForm({ job, onDone }: { job: FinishJobDialogProps['job']; onDone: () => void }) {
  const [workDone, setWorkDone] = useState('');
  const [signerName, setSignerName] = useState(job.customer.name);
  const [notPresent, setNotPresent] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [saved, setSaved] = useState<string[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const pad = useRef<SignatureBoxHandle | null>(null);
  const noteKey = useRef(crypto.randomUUID());
  const addNote = useAddJobNote(job.id);
  const sign = useTakeSignature(job.id);
  const complete = useChangeJobStatus(job.id);
  const field = useFieldAction(job);
  const notify = useNotify();
  const onReady = useCallback((handle: SignatureBoxHandle) => {
    pad.current = handle;
  }, []);
  // Signing clears "Ask the customer to sign" at once, not at the next Finish.
  const clearSignatureProblem = useCallback(
    () => setProblems((shown) => (shown.image ? { ...shown, image: undefined } : shown)),
    [],
  );

  const finish = async (event: React.FormEvent) => {
    event.preventDefault();
    const image = notPresent ? null : (pad.current?.read() ?? null);
    // With the customer not there, nobody signed: the name in the box (the customer's, to start with) is not kept.
    const signature = signatureFields.safeParse({
      customerNotPresent: notPresent,
      signerName: notPresent ? null : signerName,
      image,
    });
    const note = workDone.trim() ? jobNoteFields.safeParse({ text: workDone }) : null;
    const found: Problems = {};
    for (const issue of signature.error?.issues ?? [])
      found[issue.path[0] as keyof Problems] ??= issue.message;
    if (note && !note.success) found.workDone = note.error.issues[0]?.message;
    setProblems(found);
    if (!signature.success || (note && !note.success)) return;
    setBusy(true);
    setFailure(null);
    const done: string[] = [...saved];
    // Each part is sent in turn, or kept on the device (offline, or once one part had no answer: the rest follow
    // it in the queue, in order).
    const parts: {
      name: string;
      action: ActionBody;
      send: (key: string, takenAt: string) => Promise<unknown>;
      key?: string;
    }[] = [];
    if (note?.success && !done.includes('the work done')) {
      parts.push({
        name: 'the work done',
        action: { type: 'note', text: note.data.text },
        send: (key) => addNote.mutateAsync({ fields: note.data, key }),
        key: noteKey.current,
      });
    }
    parts.push(
      {
        name: 'the sign-off',
        action: { type: 'signature', ...signature.data },
        send: (key, takenAt) => sign.mutateAsync({ fields: { ...signature.data, takenAt }, key }),
      },
      {
        name: 'the finish',
        action: { type: 'status', from: job.status, to: 'OPEN_COMPLETED' },
        send: () => complete.mutateAsync('OPEN_COMPLETED'),
      },
    );
    try {
      let kept = false;
      for (const part of parts) {
        kept = (await field(part.action, part.send, part.key, kept)) === 'kept' || kept;
        if (!done.includes(part.name) && part.name !== 'the finish') done.push(part.name);
      }
      notify(`Job ${job.number} finished: ${kept ? KEPT_MESSAGE : 'Completed.'}`);
      onDone();
    } catch (error) {
      setFailure(error);
    } finally {
      setSaved(done);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={finish} noValidate>
      <Stack gap="md">
        <Textarea
          label="Work done"
          description="Kept with the job as a note, for the office and the customer's records."
          autosize
          minRows={3}
          maxRows={10}
          value={workDone}
          error={problems.workDone}
          onChange={(event) => {
            setWorkDone(event.currentTarget.value);
            noteKey.current = crypto.randomUUID();
          }}
        />
        <Checkbox
          label="Customer not present"
          checked={notPresent}
          onChange={(event) => setNotPresent(event.currentTarget.checked)}
        />
        <TextInput
          label="Customer's name"
          autoComplete="off"
          value={signerName}
          disabled={notPresent}
          error={problems.signerName}
          onChange={(event) => {
            setSignerName(event.currentTarget.value);
            setProblems((shown) => ({ ...shown, signerName: undefined }));
          }}
        />
        <SignatureBox
          label="Customer's signature"
          disabled={notPresent}
          onReady={onReady}
          error={problems.image}
          onChange={clearSignatureProblem}
        />
        {failure !== null && (
          <ApiErrorAlert
            title="Not finished"
            error={failure}
            items={[
              saved.length > 0
                ? `Saved: ${saved.join(' and ')}. The job is not Completed yet: tap Finish again.`
                : 'Nothing was saved; what you entered is still here: tap Finish again.',
            ]}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" size="md" loading={busy}>
            Finish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
