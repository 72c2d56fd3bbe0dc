import { type InvoiceEmail, OUTBOX_STATUS_NAMES } from '@fieldbook/domain';
import { Box, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionLoader } from '../../components/section-loader';
import { displayDateTime } from '../../lib/date-display';
import { useTimeZone } from '../../lib/time-zone';
import { invoiceEmailsQueryOptions } from './api/get-invoice-emails';

/** The invoice viewer's 'Emails': each send of the invoice or of a reminder, newest first, with what became of it. */
export function InvoiceEmails({ invoiceId }: { invoiceId: string }) {
  const headingId = useId();
  // The viewer's route loader starts this query with the invoice's.
  const sends = useQuery(invoiceEmailsQueryOptions(invoiceId));
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
            <InvoiceEmailItem key={send.id} send={send} />
          ))}
        </Box>
      )}
    </Box>
  );
}

const statusColour = { QUEUED: 'dimmed', SENDING: 'dimmed', SENT: undefined, FAILED: 'red.9' } as const;

/** What the send was, when it was not the invoice email: a reminder by a member, or an automatic one. */
const kindOf = (send: InvoiceEmail) =>
  send.kind !== 'REMINDER'
    ? null
    : send.reminderStep === null
      ? 'Payment reminder'
      : `Automatic payment reminder (${send.reminderStep} ${send.reminderStep === 1 ? 'day' : 'days'} overdue)`;

/**
 * One send in two or three short lines: the subject and its status; what it was (a reminder), to whom, when and
 * by whom; why it failed.
 */
function InvoiceEmailItem({ send }: { send: InvoiceEmail }) {
  const timeZone = useTimeZone();
  const details = [
    kindOf(send),
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
