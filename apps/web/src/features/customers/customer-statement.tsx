import { type Customer, calendarDateIn, statementFileName } from '@fieldbook/domain';
import { useState } from 'react';
import type { RecordAction } from '../../components/record-actions';
import { useTimeZone } from '../../lib/time-zone';
import { EmailDialog } from '../outbox';
import { useEmailCustomerStatement } from './api/email-customer-statement';
import { useCustomerStatement } from './api/get-customer-statement';
import { statementEmailDraftQueryOptions } from './api/get-statement-email-draft';

/**
 * The customer viewer's statement actions, as at today in the organisation's zone: 'Statement' saves the PDF,
 * 'Email statement' opens the email dialog (`dialog`, to put in the page); `error` is a failed download's.
 */
export function useStatementActions(customer: Pick<Customer, 'id' | 'number' | 'name'>) {
  const asAt = calendarDateIn(useTimeZone());
  const pdf = useCustomerStatement(customer, asAt);
  // Here, not in the dialog: the submission's Idempotency-Key outlives a Cancel.
  const sending = useEmailCustomerStatement(customer.id, asAt);
  const [emailing, setEmailing] = useState(false);
  const buttons: RecordAction[] = [
    { label: 'Statement', busy: pdf.isPending, onClick: () => pdf.mutate('Statement') },
    { label: 'Email statement', onClick: () => setEmailing(true) },
  ];
  const email = {
    title: `Email statement to ${customer.name}`,
    draft: statementEmailDraftQueryOptions(customer.id, asAt),
    sending,
    attachment: `The statement PDF will be attached: ${statementFileName(customer.number, asAt)}`,
    sentNotice: (to: string, waiting: boolean) =>
      waiting
        ? `The statement is ready to go to ${to}. No mail server is set up, so the email waits in the Outbox.`
        : `Statement emailed to ${to}.`,
  };
  const dialog = <EmailDialog email={email} opened={emailing} onClose={() => setEmailing(false)} />;
  return { buttons, dialog, error: pdf.error };
}
