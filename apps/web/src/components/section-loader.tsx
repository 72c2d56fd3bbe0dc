import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** The spinner of a list, viewer or editor while its data loads. */
export function SectionLoader() {
  return (
    <Center py="xl" role="status">
      <Loader size="md" aria-hidden="true" />
      <VisuallyHidden>Loading...</VisuallyHidden>
    </Center>
  );
}
