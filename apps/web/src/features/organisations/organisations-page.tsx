import { Button, Paper, Table, Title, VisuallyHidden } from '@mantine/core';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../auth';
import { CreateOrganisationForm } from './create-organisation-form';

/** The user's organisations (from the ID token), switching between them, and creating a new one. */
export function OrganisationsPage() {
  const { tenancy, switchTenant } = useAuth();
  return (
    <>
      <PageHeading>Organisations</PageHeading>
      <Table mb="xl" maw={640} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenancy.tenants.map((tenant) => {
            const current = tenant.tenantId === tenancy.tenantId;
            return (
              <Table.Tr key={tenant.tenantId}>
                <Table.Td>{tenant.tenantName}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant={current ? 'light' : 'default'}
                    disabled={current}
                    onClick={() => void switchTenant(tenant.tenantId)}
                  >
                    {current ? 'Current' : 'Switch'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h3" mb="sm">
        Create organisation
      </Title>
      <Paper withBorder p="lg" maw={480}>
        <CreateOrganisationForm submitLabel="Create organisation" />
      </Paper>
    </>
  );
}
