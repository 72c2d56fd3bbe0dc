import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageHeading } from '../../components/page-heading';
import { RelatedRecords } from '../../components/related-records';
import { SectionLoader } from '../../components/section-loader';
import { TAP_TARGET } from '../../components/tap-targets';
import { paths } from '../../lib/paths';
import { roleMay } from '../../lib/role-access';
import { useAuth } from '../auth';
import { OverdueSummary } from '../receivables';
import { useMembership } from '../team';
import { recentCustomersQueryOptions } from './api/get-recent-customers';

/** How many of the newest customers the home page lists. */
export const RECENT_CUSTOMERS = 5;

/**
 * Home: the name of the organisation the user is signed in to, then for the office the first things to do (a new
 * customer, a new item), what is overdue (roles that see receivables) and the customers added last. A
 * Technician's home is their day (Today).
 */
export function HomePage() {
  const { tenancy } = useAuth();
  const membership = useMembership();
  const role = membership?.role;
  return (
    <>
      <PageHeading>{tenancy.currentTenant?.tenantName ?? ''}</PageHeading>
      {role === undefined ? (
        <SectionLoader />
      ) : roleMay(role, 'customers') ? (
        <OfficeHome withReceivables={roleMay(role, 'receivables')} />
      ) : (
        <Navigate to={paths.today} replace />
      )}
    </>
  );
}

function OfficeHome({ withReceivables }: { withReceivables: boolean }) {
  return (
    <>
      <Group gap="sm" mb="xl">
        <Button component={Link} to={paths.customers.new}>
          New customer
        </Button>
        <Button component={Link} to={paths.items.new} variant="default">
          New item
        </Button>
      </Group>
      {withReceivables && <OverdueSummary />}
      <RecentCustomers />
    </>
  );
}

function RecentCustomers() {
  const recent = useQuery(recentCustomersQueryOptions(RECENT_CUSTOMERS));
  return (
    <RelatedRecords title="Recent customers" action={{ label: 'All customers', to: paths.customers.search }}>
      {recent.isPending ? (
        <SectionLoader />
      ) : recent.isError ? (
        <LoadErrorAlert error={recent.error} onRetry={recent.refetch} />
      ) : recent.data.length === 0 ? (
        <Text c="dimmed">No customers yet. Add your first with New customer.</Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} aria-label="Recent customers" style={{ listStyle: 'none' }}>
          {recent.data.map((customer) => (
            <Group component="li" key={customer.id} gap="sm" wrap="nowrap" mih={44}>
              <Text size="sm" c="dimmed" miw="3.5em">
                No. {customer.number}
              </Text>
              <Anchor
                component={Link}
                to={paths.customers.view.href(customer.id)}
                className={TAP_TARGET}
                style={{ overflowWrap: 'anywhere' }}
              >
                {customer.name}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </RelatedRecords>
  );
}
