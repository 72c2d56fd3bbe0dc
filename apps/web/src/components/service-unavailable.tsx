import { Text } from '@mantine/core';
import { PageHeading } from './page-heading';

export function ServiceUnavailable() {
  return (
    <>
      <PageHeading>Service Unavailable</PageHeading>
      <Text>The service is currently unavailable. Please try again in a few minutes.</Text>
    </>
  );
}
