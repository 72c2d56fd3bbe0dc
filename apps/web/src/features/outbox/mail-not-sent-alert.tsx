import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mailStatusQueryOptions } from './api/get-mail-status';

/** Over the outbox when the server sends no mail: what is listed was kept, not sent. Nothing while it loads. */
export function MailNotSentAlert() {
  const mail = useQuery(mailStatusQueryOptions());
  if (mail.data?.configured !== false) return null;
  return (
    <Alert color="yellow" mb="md">
      No mail server is set up (SMTP_URL), so messages are kept here and not sent. This is exactly what would
      have been sent.
    </Alert>
  );
}
