import type { DocumentEmailFields, StatementEmail, StatementEmailFields } from '@fieldbook/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/record-mutations';

/** POST /customers/{id}/statement/emails: the server makes the statement's PDF and queues the message with it. */
export function emailCustomerStatement(
  customerId: string,
  fields: StatementEmailFields,
  idempotencyKey: string,
): Promise<StatementEmail> {
  return apiFetch<StatementEmail>(`/customers/${encodeURIComponent(customerId)}/statement/emails`, {
    method: 'POST',
    json: fields,
    idempotencyKey,
  });
}

/**
 * Emails the statement as at `asAt` with one Idempotency-Key per submission: Send pressed again on the same text
 * (after a lost answer) cannot email the customer twice.
 */
export function useEmailCustomerStatement(customerId: string, asAt: string) {
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (email: DocumentEmailFields) => {
      const fields = { ...email, asAt };
      return submission.send(fields, (key) => emailCustomerStatement(customerId, fields, key));
    },
    onSuccess: () => submission.done(),
  });
}
