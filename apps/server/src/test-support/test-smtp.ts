import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.ts';

/** A message as the test SMTP server received it. */
export interface ReceivedMail {
  /** The From and Reply-To headers as written ('"Harbour & Co" <billing@…>'); Reply-To '' when none. */
  from: string;
  replyTo: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
  url: string;
  /** Every message accepted, in the order it came. */
  received: ReceivedMail[];
  /** Addresses the server refuses: permanently (550) or once, then accepts (451). */
  refuse: Map<string, 'always' | 'once'>;
  close: () => Promise<void>;
}

/** A real SMTP server in the test's process, on a free loopback port, receiving what the outbox sends. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refuse = new Map<string, 'always' | 'once'>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const rule = refuse.get(address.address);
      if (rule === 'always')
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      if (rule === 'once') {
        refuse.delete(address.address);
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: mail.from?.text ?? '',
            replyTo: mail.replyTo?.text ?? '',
            to: Array.isArray(mail.to) ? (mail.to[0]?.text ?? '') : (mail.to?.text ?? ''),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Asks `check` every 50 ms, for up to 10 s, until it gives something. */
export async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
