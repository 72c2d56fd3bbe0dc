import { PageHeading } from '../../components/page-heading';

/** Placeholder until this screen is built. */
export function SchedulerPage() {
  return <PageHeading>Scheduler</PageHeading>;
}
