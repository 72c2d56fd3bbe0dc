import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

export interface UserMenuTenant {
  tenantId: string;
  tenantName: string;
}

interface UserMenuProps {
  userName: string;
  tenants: readonly UserMenuTenant[];
  currentTenantId: string | undefined;
  helpUrl: string;
  onSwitchTenant: (tenantId: string) => void;
  onSignOut: () => void;
}

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

/** The signed-in user's menu: account pages, the organisations to switch between, help and sign out. */
export function UserMenu({
  userName,
  tenants,
  currentTenantId,
  helpUrl,
  onSwitchTenant,
  onSignOut,
}: UserMenuProps) {
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <Button variant="subtle" rightSection={<span aria-hidden="true">▾</span>}>
          {userName}
        </Button>
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
