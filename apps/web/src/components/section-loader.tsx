import { Center, VisuallyHidden } from '@mantine/core';
import { Spinner } from './spinner';

/** The spinner of a list, viewer or editor while its data loads. */
export function SectionLoader() {
  return (
    <Center py="xl" role="status">
      <Spinner size="md" />
      <VisuallyHidden>Loading...</VisuallyHidden>
    </Center>
  );
}
