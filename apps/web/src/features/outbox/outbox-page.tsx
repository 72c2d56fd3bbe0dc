import { OUTBOX_STATUS_NAMES, type OutboxMessage } from '@fieldbook/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { DateTimeText } from '../../components/date-time-text';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListQuery } from '../../components/list/use-list-params';
import { paths } from '../../lib/paths';
import { outboxQueryOptions } from './api/get-outbox';
import { MailNotSentAlert } from './mail-not-sent-alert';
import { MESSAGE_KIND_NAMES, outboxCrumbs } from './outbox-names';

/** Messages a page: the outbox grows by every invoice and invitation sent. */
const OUTBOX_PAGE_SIZE = 20;

const columns: Column<OutboxMessage>[] = [
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
  { header: 'Status', cell: (message) => <OutboxStatus message={message} /> },
  { header: 'Sent', cell: (message) => <DateTimeText value={message.sent} /> },
];

/** The status, and for a failed message the mail server's reason under it. */
function OutboxStatus({ message }: { message: OutboxMessage }) {
  return (
    <>
      {OUTBOX_STATUS_NAMES[message.status]}
      {message.status === 'FAILED' && message.lastError && (
        <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
          {message.lastError}
        </Text>
      )}
    </>
  );
}

/** settings/outbox (Owners): every email the organisation sends, newest first, and what became of it. */
export function OutboxPage() {
  return (
    <>
      <PageBreadcrumbs crumbs={outboxCrumbs({ label: 'Outbox' })} />
      <ListScreen
        title="Outbox"
        path={paths.settings.outbox}
        list={useListQuery(outboxQueryOptions, OUTBOX_PAGE_SIZE)}
        searchPlaceholder="Address or subject"
        intro={<MailNotSentAlert />}
        columns={columns}
        noun={['message', 'messages']}
        emptyText="No messages found."
      />
    </>
  );
}
