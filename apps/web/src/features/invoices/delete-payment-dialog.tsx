import type { Payment } from '@fieldbook/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { displayDate } from '../../lib/date-display';
import { displayMoney } from '../../lib/money-display';

/** A payment as people name it: 'payment of $50.00 on 24 Nov 2026'. */
export const paymentName = (payment: Pick<Payment, 'amount' | 'date'>) =>
  `payment of ${displayMoney(payment.amount)} on ${displayDate(payment.date)}`;

interface DeletePaymentDialogProps {
  /** The payment to delete; null when closed. */
  payment: Payment | null;
  onCancel: () => void;
  onDelete: (payment: Payment) => void;
}

/** 'Delete the payment of $50.00 on 24 Nov 2026?', asked before it goes. */
export function DeletePaymentDialog({ payment, onCancel, onDelete }: DeletePaymentDialogProps) {
  return (
    <Modal
      opened={payment !== null}
      onClose={onCancel}
      title={payment ? `Delete the ${paymentName(payment)}?` : ''}
      centered
    >
      <Text mb="lg">This cannot be undone. Its amount will be due on the invoice again.</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red.9" onClick={() => payment && onDelete(payment)}>
          Delete payment
        </Button>
      </Group>
    </Modal>
  );
}
