import { Table } from '@mantine/core';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../auth';

/** The signed-in user's name and email, from the ID token. */
export function AccountPage() {
  const { claims } = useAuth();
  return (
    <>
      <PageHeading>Account</PageHeading>
      <Table variant="vertical" layout="fixed" maw={560} withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={120}>Name</Table.Th>
            <Table.Td>{claims?.name ?? ''}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Td>{claims?.email ?? ''}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </>
  );
}
