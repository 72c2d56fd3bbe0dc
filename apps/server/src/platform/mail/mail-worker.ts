import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';
import { attachmentFile } from './outbox.ts';
import { identityMessages, outboxAttachments, outboxMessages } from './outbox-tables.ts';

export interface MailWorkerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; unset: nothing is sent, messages stay in the outbox. */
  smtpUrl: string | undefined;
  /**
   * The From of every message: an organisation's go from its address under the organisation's name, with a
   * Reply-To of the organisation's email (Organisation details) when it has one.
   */
  from: string;
  /** The waits before each retry; after the last, the message fails. */
  retryDelaysMs?: readonly number[];
  /** How often the worker looks for due messages when nobody kicks it. */
  pollMs?: number;
  /** How long a message handed to the mail server stays claimed; a process that crashed mid-send frees it then. */
  leaseMs?: number;
  /**
   * Work that makes messages, done before sending (with or without a mail server): one piece at a time, true
   * when it did one (then it is called again), false when none was waiting. A request for a reset link is one.
   */
  prepare?: () => Promise<boolean>;
}

/** The default retries: about 1 minute, 5, 30, 2 hours and 6 hours after each failure (5 retries, 6 attempts). */
const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

export interface MailWorker {
  /** Whether a mail server is set up (else messages stay in the outbox, unsent). */
  readonly configured: boolean;
  readonly from: string;
  /** Starts preparing messages and, with a mail server, sending them. */
  start(): void;
  /** Looks for work and due messages now (after a transaction stored some). */
  kick(): void;
  /**
   * Resolves once a pass begun after the call found nothing to prepare or send (at once when the worker is not
   * running, and when it stops): by then every message due at that pass was sent, failed or set for a retry.
   */
  idle(): Promise<void>;
  /** Stops, waiting for the message being sent. */
  stop(): Promise<void>;
}

type Queue = typeof outboxMessages | typeof identityMessages;

interface Claimed {
  tenantId: string | null;
  id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  /** An organisation's message: the organisation's name, and its email from its details (none set: null). */
  senderName: string | null;
  replyTo: string | null;
}

/** An SMTP reply code 5xx is a permanent refusal: retrying cannot help. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

const reasonOf = (error: unknown) => {
  const { response, message } = error as { response?: string; message?: string };
  return (response ?? message ?? String(error)).slice(0, 1000);
};

/**
 * The outbox's sender: claims one due message at a time (`for update skip locked`, so several server processes
 * share the work), marks it SENDING with a lease, hands it to the mail server, then marks it SENT, or QUEUED for a
 * retry with backoff, or FAILED with the server's reason. A message stored but not yet sent when a process stops is
 * sent by the next; one whose sender crashed mid-send is sent again when its lease ends, with the same Message-ID
 * (`<id@fieldbook>`) so mail systems can tell it is the same message.
 */
export function createMailWorker(db: Db, options: MailWorkerOptions, log: FastifyBaseLogger): MailWorker {
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'fieldbook';
  /** `MAIL_FROM`'s address, which an organisation's messages are sent from under its own name. */
  const fromAddress = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from.trim();
  let running = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  /** Those waiting for a pass that finds nothing to do, asked before the pass under way began. */
  let awaitingIdle: (() => void)[] = [];

  async function claim(queue: Queue): Promise<Claimed | undefined> {
    const organisations = queue === outboxMessages;
    const tenantColumn = organisations ? sql`tenant_id` : sql`null::uuid`;
    // Sent in the organisation's name, replies going to its email: a customer answering an invoice reaches it.
    const sender = organisations
      ? sql`(select name from tenants where id = tenant_id) as "senderName",
          (select email from organisation_details where organisation_details.tenant_id = ${queue}.tenant_id) as "replyTo"`
      : sql`null::text as "senderName", null::text as "replyTo"`;
    const result = (await db.execute(sql`
      update ${queue} set status = 'SENDING', attempts = attempts + 1,
        next_attempt = now() + ${`${leaseMs} milliseconds`}::interval, updated = now()
      where id = (
        select id from ${queue}
        where status in ('QUEUED', 'SENDING') and next_attempt <= now()
        order by next_attempt limit 1 for update skip locked)
      returning ${tenantColumn} as "tenantId", id, recipient, subject, body, attempts, ${sender}`)) as {
      rows: Claimed[];
    };
    return result.rows[0];
  }

  async function attachmentsOf(message: Claimed) {
    if (!message.tenantId) return [];
    return db
      .select(attachmentFile)
      .from(outboxAttachments)
      .where(
        and(eq(outboxAttachments.tenantId, message.tenantId), eq(outboxAttachments.messageId, message.id)),
      )
      .orderBy(asc(outboxAttachments.position));
  }

  async function finish(queue: Queue, message: Claimed, error: unknown): Promise<void> {
    const where = sql`id = ${message.id} and status = 'SENDING'`;
    if (error === undefined) {
      await db.execute(
        sql`update ${queue} set status = 'SENT', sent = now(), last_error = null, updated = now() where ${where}`,
      );
      return;
    }
    const delay = retryDelays[message.attempts - 1];
    const reason = reasonOf(error);
    if (isPermanent(error) || delay === undefined) {
      log.warn({ messageId: message.id, reason }, 'mail: message failed');
      await db.execute(
        sql`update ${queue} set status = 'FAILED', last_error = ${reason}, updated = now() where ${where}`,
      );
      return;
    }
    log.info({ messageId: message.id, reason, retryInMs: delay }, 'mail: send failed, will retry');
    await db.execute(sql`
      update ${queue} set status = 'QUEUED', last_error = ${reason}, updated = now(),
        next_attempt = now() + ${`${delay} milliseconds`}::interval
      where ${where}`);
  }

  /** Sends one due message of the queue; false when none was due. */
  async function sendOne(queue: Queue): Promise<boolean> {
    if (!transport) return false;
    const message = await claim(queue);
    if (!message) return false;
    let failure: unknown;
    try {
      await transport.sendMail({
        from: message.senderName ? { name: message.senderName, address: fromAddress } : options.from,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        messageId: `<${message.id}@${domain}>`,
        attachments: await attachmentsOf(message),
      });
    } catch (error) {
      failure = error ?? new Error('The mail server refused the message.');
    }
    await finish(queue, message, failure);
    return true;
  }

  async function run(): Promise<void> {
    while (running) {
      const watching = awaitingIdle;
      awaitingIdle = [];
      let sent = false;
      let idle = false;
      try {
        sent =
          (await (options.prepare?.() ?? false)) ||
          (await sendOne(outboxMessages)) ||
          (await sendOne(identityMessages));
        idle = !sent;
      } catch (error) {
        log.error({ err: error }, 'mail: the outbox could not be read');
      }
      if (idle) for (const resolve of watching) resolve();
      else awaitingIdle = [...watching, ...awaitingIdle];
      if (sent || !running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    configured: transport !== undefined,
    from: options.from,
    start() {
      if (running || (!transport && !options.prepare)) return;
      running = true;
      loop = run();
    },
    kick() {
      wake?.();
    },
    idle() {
      if (!running) return Promise.resolve();
      return new Promise<void>((resolve) => {
        awaitingIdle.push(resolve);
        wake?.();
      });
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      for (const resolve of awaitingIdle.splice(0)) resolve();
      transport?.close();
    },
  };
}
