import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeading } from './page-heading';

/** A viewer's heading (the record's name) with its buttons beside it. */
export function ViewerHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
      <PageHeading>{title}</PageHeading>
      {/* Beside the heading, or under it on a phone: then apart from what follows. */}
      <Box mb="md">{children}</Box>
    </Group>
  );
}
