import { OUTBOX_STATUS_NAMES, type OutboxStatus } from '@fieldbook/domain';
import { Box, Group, Text, Title } from '@mantine/core';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionLoader } from '../../components/section-loader';
import { displayDateTime } from '../../lib/date-display';
import { useTimeZone } from '../../lib/time-zone';

/** A send of a document by email, as its record's viewer lists it. */
export interface DocumentSend {
  id: string;
  to: string;
  subject: string;
  sentBy: string | null;
  created: string;
  status: OutboxStatus;
  lastError: string | null;
}

/**
 * A viewer's 'Emails' (an invoice's, a quote's): each send of the document, newest first, with what became of it.
 * `kindOf` names what a send was when it was not the document email itself (a payment reminder).
 */
export function DocumentSends<Send extends DocumentSend, Key extends QueryKey>({
  query,
  kindOf,
}: {
  query: UseQueryOptions<Send[], Error, Send[], Key>;
  kindOf?: (send: Send) => string | null;
}) {
  const headingId = useId();
  // The viewer's route loader starts this query with the record's.
  const sends = useQuery(query);
  return (
    <Box component="section" aria-labelledby={headingId} maw={720} mb="xl">
      <Title order={2} size="h3" mb="sm" id={headingId}>
        Emails
      </Title>
      {sends.isPending ? (
        <SectionLoader />
      ) : sends.isError ? (
        <LoadErrorAlert error={sends.error} onRetry={sends.refetch} />
      ) : sends.data.length === 0 ? (
        <Text c="dimmed">Not emailed yet.</Text>
      ) : (
        <Box component="ul" aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
          {sends.data.map((send) => (
            <SendItem key={send.id} send={send} kind={kindOf?.(send) ?? null} />
          ))}
        </Box>
      )}
    </Box>
  );
}

const statusColour = {
  QUEUED: 'dimmed',
  SENDING: 'dimmed',
  SENT: undefined,
  FAILED: 'red.9',
  WITHDRAWN: 'dimmed',
} as const;

/**
 * One send in two or three short lines: the subject and its status; what it was (a reminder), to whom, when and
 * by whom; why it failed.
 */
function SendItem({ send, kind }: { send: DocumentSend; kind: string | null }) {
  const timeZone = useTimeZone();
  const details = [
    kind,
    `To ${send.to}`,
    displayDateTime(send.created, timeZone),
    send.sentBy && `by ${send.sentBy}`,
  ];
  return (
    <Box component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {send.subject}
        </Text>
        <Text size="sm" fw={600} c={statusColour[send.status]} style={{ flexShrink: 0 }}>
          {OUTBOX_STATUS_NAMES[send.status]}
        </Text>
      </Group>
      {/* A long address breaks rather than running out of the list on a phone. */}
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {details.filter(Boolean).join(' · ')}
      </Text>
      {send.status === 'FAILED' && send.lastError && (
        <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
          {send.lastError}
        </Text>
      )}
    </Box>
  );
}
