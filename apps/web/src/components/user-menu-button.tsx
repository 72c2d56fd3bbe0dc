import { Box, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

interface UserMenuButtonProps extends UnstyledButtonProps, Omit<ComponentPropsWithRef<'button'>, 'style'> {
  userName: string;
  organisation: string | undefined;
}

/**
 * The user menu's button: it names the organisation the user is working in and the user, on every page and at
 * every width (each cut short with an ellipsis on a narrow phone).
 */
export function UserMenuButton({ userName, organisation, ...button }: UserMenuButtonProps) {
  return (
    <UnstyledButton
      className="user-menu-button"
      aria-label={organisation ? `${organisation}, signed in as ${userName}` : userName}
      aria-haspopup="menu"
      mih={44}
      px="xs"
      miw={0}
      maw={{ base: 200, xs: 280 }}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        borderRadius: 'var(--mantine-radius-sm)',
        textAlign: 'right',
      }}
      {...button}
    >
      <Box miw={0} style={{ flex: '1 1 auto' }}>
        {organisation && (
          <Text size="sm" fw={600} lh={1.3} style={oneLine}>
            {organisation}
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
      </Box>
      <span aria-hidden="true">▾</span>
    </UnstyledButton>
  );
}
