import { Notification, Stack } from '@mantine/core';
import './notices.css';

export interface Notice {
  id: number;
  text: string;
}

interface NoticeStackProps {
  notices: readonly Notice[];
  onDismiss: (id: number) => void;
}

/** The notices on screen (`notices.tsx`), loaded with the first one: Mantine's Notification is not in the first download. */
export default function NoticeStack({ notices, onDismiss }: NoticeStackProps) {
  return (
    <Stack className="notices" gap="xs">
      {notices.map((notice) => (
        <Notification
          key={notice.id}
          role="status"
          color="green"
          withBorder
          onClose={() => onDismiss(notice.id)}
          closeButtonProps={{ 'aria-label': 'Dismiss' }}
        >
          {notice.text}
        </Notification>
      ))}
    </Stack>
  );
}
