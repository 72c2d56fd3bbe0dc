import { Anchor, Container, Paper, Text, Title } from '@mantine/core';
import { paths } from '../../lib/paths';
import { CreateOrganisationForm } from './create-organisation-form';

/** A signed-in user who belongs to no organisation: create one (no navbar). */
export function NoOrganisationScreen({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Container component="main" size="xs" py="xl">
      <title>Create an organization · Fieldbook</title>
      <Title order={1} mb="sm">
        Create an organization
      </Title>
      <Text mb="sm">You are not a member of any organisation yet. Create one to start using Fieldbook.</Text>
      <Text mb="lg">Invited to join one? Open the link in the invitation email.</Text>
      <Paper withBorder p="lg" mb="lg">
        <CreateOrganisationForm submitLabel="Create organization" />
      </Paper>
      <Anchor
        href={paths.home}
        onClick={(event) => {
          event.preventDefault();
          onSignOut();
        }}
      >
        Sign out
      </Anchor>
    </Container>
  );
}
