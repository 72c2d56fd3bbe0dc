import { type JobAttachment, MAX_ATTACHMENT_BYTES } from '@fieldbook/domain';
import {
  Box,
  Button,
  FileButton,
  Group,
  Image,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useNotify } from '../../components/notices';
import { NEEDS_CONNECTION, SectionLoader } from '../../components/section-loader';
import { apiFetchBlob } from '../../lib/api-client';
import { displayDateTime } from '../../lib/date-display';
import { saveFile } from '../../lib/download-file';
import { useOnline } from '../../lib/network';
import { roleMay } from '../../lib/role-access';
import { useTimeZone } from '../../lib/time-zone';
import { KEPT_MESSAGE, type StoredAction, useFieldAction, useJobActions } from '../offline';
import { useRole } from '../team';
import {
  attachmentPath,
  jobAttachmentsQueryOptions,
  uploadName,
  useAddAttachment,
  useDeleteAttachment,
  useFileUrl,
} from './api/job-attachments';
import type { FieldJob } from './kept-actions';

/** What the file picker offers: photos and PDFs (the server checks each file's real type). */
const ACCEPTED = 'image/jpeg,image/png,image/webp,application/pdf';
const TOO_LARGE = 'is larger than 20 MB, so it was not added.';

/**
 * The job viewer's 'Photos and files': take a photo with the phone's camera or attach photos and PDFs (several at
 * once, each sent on its own, each failure named), then a grid of thumbnails, newest first; tapping one opens it.
 */
export function JobAttachments({ job }: { job: FieldJob }) {
  const jobId = job.id;
  const field = useFieldAction(job);
  const headingId = useId();
  const files = useQuery(jobAttachmentsQueryOptions(jobId));
  // Photos and files kept on this device and not on the server yet: newest first, before the server's.
  const kept = useJobActions(jobId)
    .filter((action) => action.action.type === 'photo')
    .reverse();
  const add = useAddAttachment(jobId);
  const notify = useNotify();
  const [progress, setProgress] = useState<string | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [open, setOpen] = useState<JobAttachment | null>(null);

  const upload = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const failed: string[] = [];
    let added = 0;
    let kept = 0;
    for (const [index, file] of chosen.entries()) {
      setProgress(`Adding ${index + 1} of ${chosen.length}: ${file.name}…`);
      if (file.size > MAX_ATTACHMENT_BYTES) {
        failed.push(`${file.name} ${TOO_LARGE}`);
        continue;
      }
      try {
        const sent = await field({ type: 'photo', file, filename: uploadName(file) }, (key) =>
          add.mutateAsync({ file, key }),
        );
        if (sent === 'kept') kept += 1;
        else added += 1;
      } catch (error) {
        failed.push(`${file.name} was not added: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    setProgress(null);
    setFailures(failed);
    if (added > 0) notify(added === 1 ? '1 file added.' : `${added} files added.`);
    if (kept > 0) notify(`${kept === 1 ? '1 photo' : `${kept} photos`} ${KEPT_MESSAGE}`);
  };

  return (
    <Box component="section" aria-labelledby={headingId} maw={720} mb="xl">
      <Title order={2} size="h3" mb="sm" id={headingId}>
        Photos and files
      </Title>
      <Group gap="xs" mb="sm">
        <FileButton
          onChange={(file) => void upload(file ? [file] : [])}
          accept="image/*"
          capture="environment"
        >
          {(props) => (
            <Button {...props} size="md" loading={progress !== null}>
              Take photo
            </Button>
          )}
        </FileButton>
        <FileButton onChange={(chosen) => void upload(chosen)} accept={ACCEPTED} multiple>
          {(props) => (
            <Button {...props} size="md" variant="default" disabled={progress !== null}>
              Attach files
            </Button>
          )}
        </FileButton>
      </Group>
      {progress && (
        <Text size="sm" role="status" mb="xs">
          {progress}
        </Text>
      )}
      {failures.length > 0 && (
        <ErrorAlert
          title={failures.length === 1 ? 'A file was not added' : `${failures.length} files were not added`}
        >
          <List size="sm">
            {failures.map((failure) => (
              <List.Item key={failure}>{failure}</List.Item>
            ))}
          </List>
          <Text size="sm" mt="xs">
            The files already on the job are as they were. Choose the ones that failed again to retry.
          </Text>
        </ErrorAlert>
      )}
      {kept.length > 0 && (
        <SimpleGrid
          component="ul"
          aria-label="Photos and files on this device"
          cols={{ base: 3, sm: 4 }}
          spacing="xs"
          m={0}
          mb="xs"
          p={0}
          style={{ listStyle: 'none' }}
        >
          {kept.map((action) => (
            <li key={action.key}>
              <KeptTile action={action} />
            </li>
          ))}
        </SimpleGrid>
      )}
      {files.isPending ? (
        <SectionLoader />
      ) : files.isError ? (
        <LoadErrorAlert error={files.error} onRetry={files.refetch} />
      ) : files.data.length === 0 ? (
        kept.length === 0 && <Text c="dimmed">No photos or files yet.</Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 3, sm: 4 }}
          spacing="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {files.data.map((file) => (
            <li key={file.id}>
              <Tile jobId={jobId} file={file} onOpen={() => setOpen(file)} />
            </li>
          ))}
        </SimpleGrid>
      )}
      <FileViewer jobId={jobId} file={open} onClose={() => setOpen(null)} />
    </Box>
  );
}

/** A photo or file kept on this device: the photo itself (or the file's name), and that it waits to be sent. */
function KeptTile({ action }: { action: StoredAction }) {
  const file = action.action.type === 'photo' ? action.action : null;
  const image = file?.file.type.startsWith('image/') ? file.file : null;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image) return;
    const made = URL.createObjectURL(image);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [image]);
  const state = action.state === 'waiting' ? 'Waiting to send' : 'Not sent';
  return (
    <Stack
      gap={0}
      w="100%"
      style={{
        aspectRatio: '1',
        border: '1px dashed var(--mantine-color-gray-6)',
        borderRadius: 4,
        overflow: 'hidden',
      }}
    >
      {url ? (
        <Image src={url} alt={`Photo ${file?.filename}`} h={0} flex={1} w="100%" fit="cover" />
      ) : (
        <Text size="xs" p={6} flex={1} style={{ wordBreak: 'break-word' }}>
          {file?.filename}
        </Text>
      )}
      <Text size="xs" px={4} bg="gray.1">
        {state}
      </Text>
    </Stack>
  );
}

/** A thumbnail (a photo) or a PDF's name, as one button that opens it. */
function Tile({ jobId, file, onOpen }: { jobId: string; file: JobAttachment; onOpen: () => void }) {
  const url = useFileUrl(file.thumbnail ? `${attachmentPath(jobId, file.id)}/thumbnail` : null);
  const label = file.thumbnail ? `Open photo ${file.filename}` : `Open ${file.filename}`;
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={label}
      w="100%"
      style={{
        aspectRatio: '1',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 4,
        overflow: 'hidden',
      }}
    >
      {file.thumbnail ? (
        url ? (
          <Image src={url} alt="" h="100%" w="100%" fit="cover" />
        ) : (
          <Text size="xs" p={4} c="dimmed">
            {url === null ? 'The photo could not be loaded.' : 'Loading…'}
          </Text>
        )
      ) : (
        <Stack gap={2} p={6} justify="center" h="100%">
          <Text fw={700} size="sm">
            PDF
          </Text>
          <Text size="xs" lineClamp={3} style={{ wordBreak: 'break-word' }}>
            {file.filename}
          </Text>
        </Stack>
      )}
    </UnstyledButton>
  );
}

/**
 * A file opened: a photo as large as the screen allows, a PDF saved; who added it and when; Delete. Offline, a photo
 * not read before (the device keeps only its thumbnail) says it needs a connection, and there is no Delete.
 */
function FileViewer({
  jobId,
  file,
  onClose,
}: {
  jobId: string;
  file: JobAttachment | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const timeZone = useTimeZone();
  const role = useRole();
  const remove = useDeleteAttachment(jobId);
  const notify = useNotify();
  const photo = file?.thumbnail === true;
  const url = useFileUrl(file && photo ? attachmentPath(jobId, file.id) : null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    setFailure(null);
    remove.reset();
    onClose();
  };
  const online = useOnline();
  const mayDelete = online && file !== null && (file.addedBy.mine || roleMay(role, 'manageJobs'));
  return (
    <Modal opened={file !== null} onClose={close} title={file?.filename ?? ''} size="xl" fullScreen={phone}>
      {file && (
        <Stack>
          {photo ? (
            url ? (
              <Image src={url} alt={`Photo ${file.filename}`} fit="contain" mah="70vh" />
            ) : (
              <Text c="dimmed">
                {url === null
                  ? 'The photo could not be loaded.'
                  : online
                    ? 'Loading the photo…'
                    : NEEDS_CONNECTION}
              </Text>
            )
          ) : (
            <Button
              variant="default"
              loading={saving}
              onClick={async () => {
                setSaving(true);
                setFailure(null);
                try {
                  saveFile(await apiFetchBlob(attachmentPath(jobId, file.id)), file.filename);
                } catch (error) {
                  setFailure(error instanceof Error ? error.message : String(error));
                } finally {
                  setSaving(false);
                }
              }}
            >
              Download {file.filename}
            </Button>
          )}
          <Text size="sm" c="dimmed">
            Added by {file.addedBy.name ?? 'someone'}, {displayDateTime(file.created, timeZone)}
          </Text>
          {failure && <ErrorAlert title="Not downloaded">{failure}</ErrorAlert>}
          {remove.error && (
            <ErrorAlert title="Not deleted">{remove.error.message} The file is still on the job.</ErrorAlert>
          )}
          {mayDelete && !confirming && (
            <Group>
              <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            </Group>
          )}
          {mayDelete && confirming && (
            <Stack gap="xs">
              <Text fw={600}>Delete {file.filename}? It cannot be brought back.</Text>
              <Group>
                <Button
                  color="red"
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(file.id, {
                      onSuccess: () => {
                        notify(`${file.filename} deleted.`);
                        close();
                      },
                    })
                  }
                >
                  Delete file
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
