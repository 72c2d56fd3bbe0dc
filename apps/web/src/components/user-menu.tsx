import { Box, Menu, Text, UnstyledButton } from '@mantine/core';
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

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The signed-in user's menu: account pages, the organisations to switch between, help and sign out. Its
 * button names the organisation the user is working in and the user, on every page and at every width
 * (each cut short with an ellipsis on a narrow phone).
 */
export function UserMenu({
  userName,
  tenants,
  currentTenantId,
  helpUrl,
  onSwitchTenant,
  onSignOut,
}: UserMenuProps) {
  const organisation = tenants.find((tenant) => tenant.tenantId === currentTenantId)?.tenantName;
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton
          className="user-menu-button"
          aria-label={organisation ? `${organisation}, signed in as ${userName}` : userName}
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
