import { type InvitationPreview, ROLE_ABOUT, ROLE_NAMES } from '@fieldbook/domain';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { ErrorAlert } from '../../components/error-alert';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageHeading } from '../../components/page-heading';
import { RecordDetails } from '../../components/record-details';
import { SectionLoader } from '../../components/section-loader';
import { ApiRequestError } from '../../lib/api-client';
import { displayDateTime } from '../../lib/date-display';
import { paths } from '../../lib/paths';
import { useAuth } from '../auth';
import { useAcceptInvitation } from './api/accept-invitation';
import { invitationPreviewQueryOptions } from './api/invitation-links';

/**
 * join/{token}, the link an invitation email carries: what it invites to (the organisation, the role, who sent
 * it, to which address, until when) and 'Join organisation', which joins and signs in to the organisation. A
 * link that is unknown, used, revoked or expired says so in the server's words.
 */
export function JoinPage() {
  const { token = '' } = useParams();
  const preview = useQuery(invitationPreviewQueryOptions(token));
  if (preview.isSuccess) {
    return <Invitation token={token} preview={preview.data} />;
  }
  return (
    <>
      <PageHeading>Invitation</PageHeading>
      {preview.isError ? <UnusableLink error={preview.error} /> : <SectionLoader />}
    </>
  );
}

/** The server's reason for a link that cannot be used (404, 409); any other failure as loads show it. */
function UnusableLink({ error }: { error: Error }) {
  const refused =
    error instanceof ApiRequestError &&
    (error.status === 404 || error.status === 409) &&
    error.code !== undefined;
  return (
    <>
      {refused ? <ErrorAlert spaced>{error.message}</ErrorAlert> : <LoadErrorAlert error={error} />}
      <Button component={Link} to={paths.home} variant="default">
        Go to the home page
      </Button>
    </>
  );
}

function Invitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { claims, signOut } = useAuth();
  const accept = useAcceptInvitation(token);
  const signedInAs = claims?.email;
  const otherAddress = signedInAs && signedInAs.toLowerCase() !== preview.email.toLowerCase();
  // After joining, the browser is on its way to sign in to the organisation: the button stays busy.
  const joining = accept.isPending || accept.isSuccess;
  return (
    <>
      <PageHeading>{`Join ${preview.tenantName} as ${ROLE_NAMES[preview.role]}`}</PageHeading>
      <Text mb="md">{ROLE_ABOUT[preview.role]}</Text>
      <RecordDetails
        rows={[
          { label: 'Organisation', value: preview.tenantName },
          { label: 'Invited by', value: preview.invitedBy, optional: true },
          { label: 'Sent to', value: preview.email },
          { label: 'Link works until', value: displayDateTime(preview.expires, preview.timeZone) },
        ]}
      />
      {otherAddress && (
        <Alert color="yellow" mb="md">
          {`This invitation was sent to ${preview.email}, and you are signed in as ${signedInAs}. Joining adds ${preview.tenantName} to the account you are signed in with. `}
          <Anchor
            href={paths.home}
            onClick={(event) => {
              event.preventDefault();
              void signOut();
            }}
          >
            Sign out
          </Anchor>{' '}
          to join with another account.
        </Alert>
      )}
      <ApiErrorAlert
        error={accept.error}
        title="Not joined: nothing was changed"
        onRetry={() => accept.mutate()}
        retrying={accept.isPending}
      />
      <Group>
        <Button loading={joining} onClick={() => accept.mutate()}>
          Join organisation
        </Button>
        <Button component={Link} to={paths.home} variant="default">
          Not now
        </Button>
      </Group>
    </>
  );
}
