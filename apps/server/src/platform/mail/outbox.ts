import {
  MESSAGE_KINDS,
  type MessageKind,
  OUTBOX_STATUSES,
  type OutboxMessage,
  PAGE_SIZES,
  resendMessages,
} from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db, Tx } from '../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { ListResource } from '../lists/list-query.ts';
import { descending } from '../lists/paged-list.ts';
import type { SortedList } from '../lists/sorted-pages.ts';
import { recordWhere } from '../records/record-rows.ts';
import { identityMessages, outboxAttachments, outboxMessages } from './outbox-tables.ts';

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** An attachment's columns, as its message is sent with it (`Attachment`). */
export const attachmentFile = {
  filename: outboxAttachments.filename,
  contentType: outboxAttachments.contentType,
  content: outboxAttachments.content,
};

/** A message to send: stored first, in the transaction of the action that causes it, then sent by the worker. */
export interface OutgoingMessage {
  kind: MessageKind;
  to: string;
  subject: string;
  text: string;
  attachments?: Attachment[];
}

/** "Friday, 4 December 2026": a date as an email says it, on its day in `timeZone`. */
export const emailDate = (date: Date, timeZone: string) =>
  date.toLocaleDateString('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  });

/** Stores a tenant's message in its outbox (inside the caller's tenant transaction); the worker sends it. */
export async function storeMessage(tx: Tx, tenantId: string, message: OutgoingMessage): Promise<string> {
  const id = uuidv7();
  const { kind, to: recipient, subject, text: body, attachments = [] } = message;
  await tx.insert(outboxMessages).values({ tenantId, id, kind, recipient, subject, body });
  if (attachments.length > 0)
    await tx
      .insert(outboxAttachments)
      .values(
        attachments.map((attachment, position) => ({ tenantId, messageId: id, position, ...attachment })),
      );
  return id;
}

/** Stores an identity message (a password reset link): no tenant, sent by the same worker. */
export async function storeIdentityMessage(db: Pick<Db, 'insert'>, message: OutgoingMessage): Promise<void> {
  const { kind, to: recipient, subject, text: body } = message;
  await db.insert(identityMessages).values({ id: uuidv7(), kind, recipient, subject, body });
}

const messageColumns = {
  id: outboxMessages.id,
  kind: outboxMessages.kind,
  to: outboxMessages.recipient,
  subject: outboxMessages.subject,
  text: outboxMessages.body,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  lastError: outboxMessages.lastError,
  sent: outboxMessages.sent,
  created: outboxMessages.created,
  attachments: sql<{ index: number; filename: string; contentType: string; size: number }[]>`coalesce((
    select json_agg(json_build_object('index', a.position, 'filename', a.filename, 'contentType', a.content_type,
      'size', octet_length(a.content)) order by a.position)
    from ${outboxAttachments} a
    where a.tenant_id = ${outboxMessages.tenantId} and a.message_id = ${outboxMessages.id}), '[]'::json)`,
};

type MessageRow = {
  [K in keyof typeof messageColumns]: K extends 'sent' ? Date | null : K extends 'created' ? Date : unknown;
};

const toMessage = (row: MessageRow): OutboxMessage =>
  ({
    ...row,
    sent: row.sent?.toISOString() ?? null,
    created: row.created.toISOString(),
  }) as OutboxMessage;

/** What `q` may search on the outbox, by the names the messages are given in (`to` is the recipient). */
const outboxSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: outboxMessages.id, uuid: true },
    to: { kind: 'text', column: outboxMessages.recipient },
    subject: { kind: 'text', column: outboxMessages.subject },
    kind: { kind: 'exact', column: outboxMessages.kind, values: MESSAGE_KINDS },
    status: { kind: 'exact', column: outboxMessages.status, values: OUTBOX_STATUSES },
  },
  searchable: [outboxMessages.recipient, outboxMessages.subject],
};

/** The tenant's messages as `readList` reads them, newest first. */
export const outboxList: SortedList<OutboxMessage> = {
  pageSize: PAGE_SIZES.outbox,
  resource: outboxSearch,
  source: outboxMessages,
  select: (db, total) => db.select({ ...messageColumns, total }).from(outboxMessages),
  keys: [descending(outboxMessages.created), descending(outboxMessages.id)],
  toRecord: toMessage,
};

export async function findOutboxMessage(tx: Tx, tenantId: string, id: string): Promise<OutboxMessage> {
  const where = recordWhere(outboxMessages, tenantId, id);
  const [row] = where ? await tx.select(messageColumns).from(outboxMessages).where(where) : [];
  if (!row) throw notFound('message');
  return toMessage(row as MessageRow);
}

/**
 * Queues a FAILED message again, due now, with its attempts counted afresh (the worker's retries start over) and
 * its last error cleared; any other message is a 409. It keeps its id, and so its Message-ID.
 */
export async function resendMessage(tx: Tx, tenantId: string, id: string): Promise<OutboxMessage> {
  const where = recordWhere(outboxMessages, tenantId, id);
  const queued = where
    ? await tx
        .update(outboxMessages)
        .set({ status: 'QUEUED', attempts: 0, lastError: null, nextAttempt: sql`now()`, updated: sql`now()` })
        .where(and(where, eq(outboxMessages.status, 'FAILED')))
        .returning({ id: outboxMessages.id })
    : [];
  const message = await findOutboxMessage(tx, tenantId, id);
  if (queued.length === 0 && message.status !== 'FAILED')
    throw conflict(resendMessages.notFailed(message.status));
  return message;
}

/**
 * Takes back a message still waiting to be sent (QUEUED, a retry's wait included): WITHDRAWN, the worker never
 * sends it. One the worker has claimed (SENDING) or finished with stays as it is. True when it was withdrawn.
 */
export async function withdrawMessage(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const withdrawn = await tx
    .update(outboxMessages)
    .set({ status: 'WITHDRAWN', updated: sql`now()` })
    .where(
      and(
        eq(outboxMessages.tenantId, tenantId),
        eq(outboxMessages.id, id),
        eq(outboxMessages.status, 'QUEUED'),
      ),
    )
    .returning({ id: outboxMessages.id });
  return withdrawn.length > 0;
}

/** A message's attachment, as it was stored with the message. */
export async function findAttachment(
  tx: Tx,
  tenantId: string,
  id: string,
  index: number,
): Promise<Attachment> {
  await findOutboxMessage(tx, tenantId, id);
  const [row] = await tx
    .select(attachmentFile)
    .from(outboxAttachments)
    .where(
      and(
        eq(outboxAttachments.tenantId, tenantId),
        eq(outboxAttachments.messageId, id),
        eq(outboxAttachments.position, index),
      ),
    );
  if (!row) throw notFound('attachment');
  return row;
}
