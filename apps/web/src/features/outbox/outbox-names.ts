import type { MessageKind, OutboxMessage } from '@fieldbook/domain';
import type { Crumb } from '../../components/breadcrumbs';
import { paths } from '../../lib/paths';

/** What the outbox calls each kind of message. */
export const MESSAGE_KIND_NAMES: Record<MessageKind, string> = {
  INVITATION: 'Invitation',
  INVOICE: 'Invoice',
  PASSWORD_RESET: 'Password reset',
  ON_MY_WAY: 'On my way',
  QUOTE: 'Quote',
  QUOTE_ANSWER: 'Quote answered',
  REMINDER: 'Payment reminder',
  STATEMENT: 'Statement',
};

/** What Resend says once the failed message is back in the queue. */
export const resentNotice = (message: Pick<OutboxMessage, 'to'>) =>
  `The email to ${message.to} is queued to send again.`;

/** The title over a refused or failed Resend: the message itself stays as it was. */
export const NOT_RESENT = 'The message was not resent';

/** The outbox list's crumb, for the message viewer under it. */
export const OUTBOX: Required<Crumb> = { label: 'Outbox', to: paths.settings.outbox };

/** Home › Settings, then the page's own crumbs: the outbox lives under Settings. */
export const outboxCrumbs = (...crumbs: Crumb[]): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Settings', to: paths.settings.root },
  ...crumbs,
];

/** A size in bytes as people read it: 812 bytes, 24 KB, 1.3 MB. */
export function displaySize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
