import { Button, Group, Menu, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

interface RecordActionsProps {
  editTo: string;
  /** The confirmation question, naming the record: 'Delete customer Acme Plumbing?' */
  deleteQuestion: string;
  onDelete: () => void;
  deleting: boolean;
}

/** A viewer's buttons: Edit, and an Actions menu whose Delete asks for confirmation first. */
export function RecordActions({ editTo, deleteQuestion, onDelete, deleting }: RecordActionsProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Group gap="xs">
      <Button component={Link} to={editTo}>
        Edit
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" loading={deleting} rightSection={<span aria-hidden="true">▾</span>}>
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item color="red" onClick={() => setConfirming(true)}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={deleteQuestion} centered>
        <Text mb="lg">This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
