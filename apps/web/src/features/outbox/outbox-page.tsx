import { OUTBOX_STATUS_NAMES, type OutboxMessage } from '@fieldbook/domain';
import { Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { DateTimeText } from '../../components/date-time-text';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListQuery } from '../../components/list/use-list-params';
import { useNotify } from '../../components/notices';
import { paths } from '../../lib/paths';
import { outboxQueryOptions } from './api/get-outbox';
import { useResendOutboxMessage } from './api/resend-outbox-message';
import { MailNotSentAlert } from './mail-not-sent-alert';
import { MESSAGE_KIND_NAMES, NOT_RESENT, outboxCrumbs, resentNotice } from './outbox-names';

/** Messages a page: the outbox grows by every invoice and invitation sent. */
const OUTBOX_PAGE_SIZE = 20;

type Resend = ReturnType<typeof useResendOutboxMessage>;

const columnsWith = (resend: Resend, resent: (message: OutboxMessage) => void): Column<OutboxMessage>[] => [
  { header: 'Created', cell: (message) => <DateTimeText value={message.created} /> },
  { header: 'To', cell: (message) => message.to },
  {
    header: 'Subject',
    cell: (message) => (
      <Anchor component={Link} to={paths.settings.outboxMessage.href(message.id)}>
        {message.subject}
      </Anchor>
    ),
  },
  { header: 'Kind', cell: (message) => MESSAGE_KIND_NAMES[message.kind] },
  {
    header: 'Status',
    cell: (message) => (
      <OutboxStatus
        message={message}
        resending={resend.isPending && resend.variables?.id === message.id}
        onResend={() => resend.mutate(message, { onSuccess: () => resent(message) })}
      />
    ),
  },
  { header: 'Sent', cell: (message) => <DateTimeText value={message.sent} /> },
];

/** The status; for a failed message the mail server's reason under it, and Resend. */
function OutboxStatus({
  message,
  resending,
  onResend,
}: {
  message: OutboxMessage;
  resending: boolean;
  onResend: () => void;
}) {
  return (
    <>
      {OUTBOX_STATUS_NAMES[message.status]}
      {message.status === 'FAILED' && message.lastError && (
        <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
          {message.lastError}
        </Text>
      )}
      {message.status === 'FAILED' && (
        <Button
          size="compact-sm"
          variant="default"
          mt={4}
          loading={resending}
          onClick={onResend}
          aria-label={`Resend the email to ${message.to}: ${message.subject}`}
        >
          Resend
        </Button>
      )}
    </>
  );
}

/** settings/outbox (Owners): every email the organisation sends, newest first, and what became of it. */
export function OutboxPage() {
  const resend = useResendOutboxMessage();
  const notify = useNotify();
  const columns = columnsWith(resend, (message) => notify(resentNotice(message)));
  return (
    <>
      <PageBreadcrumbs crumbs={outboxCrumbs({ label: 'Outbox' })} />
      <ListScreen
        title="Outbox"
        path={paths.settings.outbox}
        list={useListQuery(outboxQueryOptions, OUTBOX_PAGE_SIZE)}
        searchPlaceholder="Address or subject"
        intro={
          <>
            <MailNotSentAlert />
            <ApiErrorAlert error={resend.error} title={NOT_RESENT} />
          </>
        }
        columns={columns}
        noun={['message', 'messages']}
        emptyText="No messages found."
      />
    </>
  );
}
