import { Text } from '@mantine/core';
import { RelatedRecords } from '../../components/related-records';
import { paths, withQuery } from '../../lib/paths';

/**
 * The customer's jobs (up to 100). The jobs API does not exist yet: the jobs issue wires this table to
 * GET /jobs?q=customer.id:{id}&s=100. Until then it shows the empty state and calls nothing.
 */
export function CustomerJobs({ customerId }: { customerId: string }) {
  return (
    <RelatedRecords title="Jobs" action={{ label: 'New job', to: withQuery(paths.jobs.new, { customerId }) }}>
      <Text c="dimmed">No jobs found.</Text>
    </RelatedRecords>
  );
}
