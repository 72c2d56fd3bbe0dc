import { CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, use, useCallback, useRef, useState } from 'react';
import './notices.css';

/** How long a notice stays, unless dismissed first. */
const NOTICE_MS = 6000;

interface Notice {
  id: number;
  text: string;
}

const NotifyContext = createContext<((text: string) => void) | null>(null);

/**
 * Short confirmations ("Customer saved.") for a few seconds: at the top right on a desktop, at the bottom of a
 * phone's screen (`notices.css`), where they cover neither the page's heading nor its buttons. They live above
 * the router, so a notice raised just before navigating shows on the next page; a reload does not bring it back.
 * Their code is in the first download, so a notice shows whatever the network is doing when it is raised (a
 * save that went through as the connection came back says so).
 */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => {
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);

  const notify = useCallback(
    (text: string) => {
      nextId.current += 1;
      const id = nextId.current;
      setNotices((current) => [...current, { id, text }]);
      window.setTimeout(() => dismiss(id), NOTICE_MS);
    },
    [dismiss],
  );

  return (
    <NotifyContext value={notify}>
      {children}
      {notices.length > 0 && (
        <Stack className="notices" gap="xs">
          {notices.map((notice) => (
            <Paper key={notice.id} className="notice" role="status" withBorder shadow="md" radius="md">
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm">{notice.text}</Text>
                <CloseButton aria-label="Dismiss" onClick={() => dismiss(notice.id)} />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </NotifyContext>
  );
}

/** Shows a short confirmation: `notify('Customer saved.')`. */
export function useNotify(): (text: string) => void {
  const notify = use(NotifyContext);
  if (!notify) {
    throw new Error('useNotify must be used inside <NoticesProvider>.');
  }
  return notify;
}
