import { Button, Group, Modal, Text } from '@mantine/core';

/** A question asked before a removal or a revocation, naming whom it is about. */
export interface Confirmation {
  question: string;
  detail: string;
  /** The red button that goes ahead: 'Remove', 'Revoke'. */
  confirmLabel: string;
  onConfirm: () => void;
}

/** Asks `confirmation` (none: closed); Cancel is first, so Enter alone does not go ahead. */
export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={confirmation !== null}
      onClose={onClose}
      title={confirmation?.question}
      centered
      returnFocus={false}
    >
      <Text mb="lg">{confirmation?.detail}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => {
            confirmation?.onConfirm();
            onClose();
          }}
        >
          {confirmation?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
