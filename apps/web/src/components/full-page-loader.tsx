import { Center, Stack, Text } from '@mantine/core';
import { Spinner } from './spinner';

/** Shown while signing in, and while a route's code loads for the first time. */
export function FullPageLoader() {
  return (
    <Center mih="100vh" role="status">
      <Stack align="center" gap="sm">
        <Spinner />
        <Text>Loading...</Text>
      </Stack>
    </Center>
  );
}
