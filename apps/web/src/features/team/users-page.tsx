import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { isRefused, LoadErrorAlert } from '../../components/load-error-alert';
import { RefusedScreen } from '../../components/refused-screen';
import { SectionLoader } from '../../components/section-loader';
import { ViewerHeader } from '../../components/viewer-header';
import { paths } from '../../lib/paths';
import { mailStatusQueryOptions } from '../outbox';
import { invitationsQueryOptions } from './api/get-invitations';
import { membersQueryOptions } from './api/get-members';
import { TEAM_PAGE } from './api/team-keys';
import { InviteDialog } from './invite-dialog';
import { TeamPanel } from './team-panel';

const crumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Settings', to: paths.settings.root },
  { label: 'Users' },
];

/**
 * settings/users (Owners): the members and the open invitations in one table, 'Invite user', and each row's
 * actions (change role, remove; resend, revoke). The route's loader starts the lists and the mail status.
 */
export function UsersPage() {
  const members = useQuery(membersQueryOptions(TEAM_PAGE));
  const invitations = useQuery(invitationsQueryOptions(TEAM_PAGE));
  // Unknown while it loads: then, as when the mail is sent, no word about the Outbox.
  const mailConfigured = useQuery(mailStatusQueryOptions()).data?.configured ?? true;
  const [inviting, setInviting] = useState(false);
  const failed = members.error ?? invitations.error;

  if (isRefused(failed)) return <RefusedScreen title="Users" />;
  return (
    <>
      <ViewerHeader title="Users" breadcrumbs={crumbs}>
        <Button onClick={() => setInviting(true)}>Invite user</Button>
      </ViewerHeader>
      <Text mb="md">The people who work in this organisation, and the invitations not yet accepted.</Text>
      {!mailConfigured && (
        <Alert color="yellow" mb="md">
          No mail server is set up, so invitations are not emailed: each one waits in the{' '}
          <Anchor component={Link} to={paths.settings.outbox} inherit>
            Outbox
          </Anchor>
          , where you can read its link and pass it on.
        </Alert>
      )}
      {/* A list that fails to reload keeps the rows it has: the action's own alert says what failed. */}
      {members.data && invitations.data ? (
        <TeamPanel members={members.data} invitations={invitations.data} mailConfigured={mailConfigured} />
      ) : failed ? (
        <LoadErrorAlert error={failed} />
      ) : (
        <SectionLoader />
      )}
      <InviteDialog opened={inviting} mailConfigured={mailConfigured} onClose={() => setInviting(false)} />
    </>
  );
}
