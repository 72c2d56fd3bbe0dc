import { Button, Group, Modal, Text } from '@mantine/core';
import { use, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

interface LeaveGuardProps {
  /** There are unsaved changes now: the tab's close and reload warn while this is so. */
  dirty: boolean;
  /** Read when the user leaves (see `EditorState.hasUnsavedChanges`). */
  hasUnsavedChanges: () => boolean;
}

/**
 * Warns before an editor's unsaved changes are lost: leaving for another page of the app asks first (a
 * dialog: stay, or leave without saving), and closing or reloading the tab gets the browser's own warning.
 */
export function LeaveGuard({ dirty, hasUnsavedChanges }: LeaveGuardProps) {
  const unsaved = useRef(hasUnsavedChanges);
  unsaved.current = hasUnsavedChanges;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (unsaved.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Only a data router can hold a navigation back; an editor rendered on its own (a test) has none.
  return use(UNSAFE_DataRouterContext) ? <NavigationGuard hasUnsavedChanges={unsaved} /> : null;
}

function NavigationGuard({ hasUnsavedChanges }: { hasUnsavedChanges: { current: () => boolean } }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      hasUnsavedChanges.current(),
  );
  const blocked = blocker.state === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title="Leave without saving?" centered>
      <Text mb="lg">The changes on this page have not been saved. If you leave now, they are lost.</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay on this page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}
