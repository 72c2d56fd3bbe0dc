import { Text, VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import './user-menu-button.css';

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

interface UserMenuButtonProps extends ComponentPropsWithRef<'button'> {
  userName: string;
  organisation: string | undefined;
}

/**
 * The user menu's button: it names the organisation the user is working in and the user, on every page and at
 * every width (each cut short with an ellipsis on a narrow phone). Its name is what it shows ("Acme, signed in as
 * Sam"), so a voice command can say the words on it. A plain button with Mantine's UnstyledButton classes.
 */
export function UserMenuButton({ userName, organisation, ...button }: UserMenuButtonProps) {
  return (
    <button
      type="button"
      className="mantine-focus-auto m_87cf2631 mantine-UnstyledButton-root user-menu-button"
      aria-haspopup="menu"
      {...button}
    >
      <div className="user-menu-button-names">
        {organisation && (
          <Text size="sm" fw={600} lh={1.3} style={oneLine}>
            {organisation}
            <VisuallyHidden>, signed in as </VisuallyHidden>
          </Text>
        )}
        <Text
          size={organisation ? 'xs' : 'sm'}
          c={organisation ? 'dimmed' : undefined}
          lh={1.3}
          style={oneLine}
        >
          {userName}
        </Text>
      </div>
      <span aria-hidden="true">▾</span>
    </button>
  );
}
