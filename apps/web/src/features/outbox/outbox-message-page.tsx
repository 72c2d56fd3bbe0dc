import { OUTBOX_STATUS_NAMES, type OutboxMessage } from '@fieldbook/domain';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { displayDateTime } from '../../lib/date-display';
import { useTimeZone } from '../../lib/time-zone';
import { useAttachmentDownload } from './api/get-attachment';
import { outboxMessageQueryOptions } from './api/get-outbox-message';
import { useResendOutboxMessage } from './api/resend-outbox-message';
import { MailNotSentAlert } from './mail-not-sent-alert';
import {
  displaySize,
  MESSAGE_KIND_NAMES,
  NOT_RESENT,
  OUTBOX,
  outboxCrumbs,
  resentNotice,
} from './outbox-names';

/** settings/outbox/{id} (Owners): one message as it was (or would have been) sent, and what became of it. */
export function OutboxMessagePage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={outboxCrumbs(OUTBOX, { label: 'Message' })} />
      <PageHeading>Message</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={useQuery(outboxMessageQueryOptions(id))} header={loading}>
      {(message) => <OutboxMessageViewer message={message} />}
    </QueryBoundary>
  );
}

function OutboxMessageViewer({ message }: { message: OutboxMessage }) {
  const timeZone = useTimeZone();
  const download = useAttachmentDownload(message.id);
  const resend = useResendOutboxMessage();
  return (
    <RecordViewer
      title={message.subject}
      breadcrumbs={outboxCrumbs(OUTBOX, { label: message.subject })}
      buttons={
        message.status === 'FAILED'
          ? [
              {
                label: 'Resend',
                busy: resend.isPending,
                onClick: ({ notify }) =>
                  resend.mutate(message, { onSuccess: () => notify(resentNotice(message)) }),
              },
            ]
          : []
      }
      actionError={download.error}
    >
      <ApiErrorAlert error={resend.error} title={NOT_RESENT} />
      <MailNotSentAlert />
      <RecordDetails
        rows={[
          { label: 'To', value: message.to },
          { label: 'Subject', value: message.subject },
          { label: 'Kind', value: MESSAGE_KIND_NAMES[message.kind] },
          { label: 'Status', value: OUTBOX_STATUS_NAMES[message.status] },
          { label: 'Attempts', value: message.attempts },
          { label: 'Last error', value: message.lastError, optional: true },
          { label: 'Created', value: displayDateTime(message.created, timeZone) },
          { label: 'Sent', value: displayDateTime(message.sent, timeZone) },
        ]}
      />
      {message.attachments.length > 0 && (
        <>
          <Title order={2} size="h4" mb="xs">
            Attachments
          </Title>
          <Group gap="xs" mb="xl">
            {message.attachments.map((attachment) => (
              <Button
                key={attachment.index}
                variant="default"
                loading={download.isPending && download.variables?.index === attachment.index}
                onClick={() => download.mutate(attachment)}
              >
                {`${attachment.filename} (${displaySize(attachment.size)})`}
              </Button>
            ))}
          </Group>
        </>
      )}
      <Title order={2} size="h4" mb="xs">
        Message
      </Title>
      <Paper withBorder p="md" maw={720}>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Text>
      </Paper>
    </RecordViewer>
  );
}
