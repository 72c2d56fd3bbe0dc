import { Button, Group, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

interface RelatedRecordsProps {
  /** The section heading, e.g. 'Jobs'. */
  title: string;
  action: { label: string; to: string };
  children: ReactNode;
}

/** A section of a viewer listing related records (a customer's locations, jobs, invoices), with its 'New …' button. */
export function RelatedRecords({ title, action, children }: RelatedRecordsProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        <Button component={Link} to={action.to} variant="light" size="sm">
          {action.label}
        </Button>
      </Group>
      {children}
    </section>
  );
}
