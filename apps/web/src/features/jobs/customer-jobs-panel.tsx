import { Text } from '@mantine/core';
import { RelatedRecords } from '../../components/related-records';
import { paths, withQuery } from '../../lib/paths';

/**
 * A customer's jobs (up to 100), for the customer viewer. The jobs API does not exist yet: the jobs issue wires
 * this table to GET /jobs?q=customer.id:{id}&s=100 and exports its query options for the viewer's loader.
 * Until then it shows the empty state and calls nothing.
 */
export function CustomerJobsPanel({ customerId }: { customerId: string }) {
  return (
    <RelatedRecords title="Jobs" action={{ label: 'New job', to: withQuery(paths.jobs.new, { customerId }) }}>
      <Text c="dimmed">No jobs found.</Text>
    </RelatedRecords>
  );
}
