import { Anchor, Container, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { PageHeading } from './page-heading';

/** Any unknown path. Not guarded: it renders without signing in. */
export function PageNotFound() {
  return (
    <Container component="main" py="xl">
      <PageHeading>Page not found</PageHeading>
      <Text mb="md">There is nothing at this address.</Text>
      <Anchor component={Link} to={paths.home}>
        Go to the home page
      </Anchor>
    </Container>
  );
}
