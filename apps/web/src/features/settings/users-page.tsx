import { PageHeading } from '../../components/page-heading';

export function UsersPage() {
  return <PageHeading>Users</PageHeading>;
}
