import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Crumb, PageBreadcrumbs } from './breadcrumbs';
import { PageHeading } from './page-heading';

interface ViewerHeaderProps {
  title: string;
  /** Where the record sits (Home › Items › PL-CALLOUT), above its name. */
  breadcrumbs?: readonly Crumb[];
  children: ReactNode;
}

/** A viewer's heading (the record's name) with its buttons beside it. */
export function ViewerHeader({ title, breadcrumbs, children }: ViewerHeaderProps) {
  return (
    <>
      {breadcrumbs && <PageBreadcrumbs crumbs={breadcrumbs} />}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <PageHeading>{title}</PageHeading>
        {/* Beside the heading, or under it on a phone: then apart from what follows. */}
        <Box mb="md">{children}</Box>
      </Group>
    </>
  );
}
