import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while signing in, and while a route's code loads for the first time. */
export function FullPageLoader() {
  return (
    <Center mih="100vh" role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text>Loading...</Text>
      </Stack>
    </Center>
  );
}
