import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mailStatusQueryOptions } from './api/get-mail-status';

/** Over the outbox when the server sends no mail: what is listed was kept, not sent. Nothing while it loads. */
export function MailNotSentAlert() {
  const mail = useQuery(mailStatusQueryOptions());
  if (mail.data?.configured !== false) return null;
  return (
    <Alert color="yellow" mb="md">
      This Fieldbook has no mail server set up, so emails are kept here and not sent: each is exactly what
      would have been sent. Whoever runs Fieldbook can set one up (its SMTP_URL setting).
    </Alert>
  );
}
