import { Menu } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import type { UserMenuProps } from './user-menu';
import { UserMenuButton } from './user-menu-button';

/** A tick beside the organisation the user is in; the item's aria-current says it to screen readers. */
function CurrentMark({ visible }: { visible: boolean }) {
  return (
    <span
      aria-hidden="true"
      style={{ display: 'inline-block', width: '1em', visibility: visible ? 'visible' : 'hidden' }}
    >
      ✓
    </span>
  );
}

interface LoadedUserMenuProps extends UserMenuProps {
  /** Open at once: the user asked for the menu while it was loading. */
  opened: boolean;
  /**
   * The press that opened it began on the stand-in and has not clicked yet: its click may land on this
   * button (a tap that outlasts the loading), and then only completes the opening.
   */
  clickToCome?: boolean;
  /** Take the focus: the button the user had reached was the stand-in shown while this loaded. */
  focused: boolean;
}

/**
 * The signed-in user's menu: account pages, the organisations to switch between, help and sign out. Loaded
 * when the user reaches for it (see `UserMenu`), so the menu's code is not part of every first screen.
 */
export default function LoadedUserMenu({
  userName,
  tenants,
  currentTenantId,
  helpUrl,
  onSwitchTenant,
  onSignOut,
  opened,
  clickToCome = false,
  focused,
}: LoadedUserMenuProps) {
  const organisation = tenants.find((tenant) => tenant.tenantId === currentTenantId)?.tenantName;
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(opened);
  const openingClick = useRef(clickToCome);
  useLayoutEffect(() => {
    if (focused) button.current?.focus();
  }, [focused]);
  useEffect(() => {
    if (!openingClick.current) return;
    // Any new press or key means the opening press's click is not coming after all.
    const newPress = () => {
      openingClick.current = false;
    };
    document.addEventListener('pointerdown', newPress, true);
    document.addEventListener('keydown', newPress, true);
    return () => {
      document.removeEventListener('pointerdown', newPress, true);
      document.removeEventListener('keydown', newPress, true);
    };
  }, []);
  const change = (next: boolean) => {
    const completesOpening = openingClick.current && !next;
    openingClick.current = false;
    if (!completesOpening) setOpen(next);
  };
  return (
    <Menu position="bottom-end" width={260} withinPortal opened={open} onChange={change}>
      <Menu.Target>
        <UserMenuButton ref={button} userName={userName} organisation={organisation} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.account.root}>
          Account
        </Menu.Item>
        <Menu.Item component={Link} to={paths.account.organisations}>
          Organisations
        </Menu.Item>
        {tenants.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>Switch organisation</Menu.Label>
            {tenants.map((tenant) => {
              const current = tenant.tenantId === currentTenantId;
              return (
                <Menu.Item
                  key={tenant.tenantId}
                  aria-current={current ? 'true' : undefined}
                  leftSection={<CurrentMark visible={current} />}
                  fw={current ? 600 : undefined}
                  onClick={current ? undefined : () => onSwitchTenant(tenant.tenantId)}
                >
                  {tenant.tenantName}
                </Menu.Item>
              );
            })}
          </>
        )}
        <Menu.Divider />
        <Menu.Item component="a" href={helpUrl} target="_blank" rel="noopener noreferrer">
          Help
        </Menu.Item>
        <Menu.Item onClick={onSignOut}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
