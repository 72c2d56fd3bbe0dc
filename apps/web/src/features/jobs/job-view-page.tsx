import type { Job } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../components/breadcrumbs';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { ViewerHeader } from '../../components/viewer-header';
import { importOnceOnline } from '../../lib/network';
import { paths } from '../../lib/paths';
import { roleMay } from '../../lib/role-access';
import { useJobActions, withKeptStatus } from '../offline';
import { useRole } from '../team';
import { jobQueryOptions } from './api/get-job';
import { JobDetails } from './job-details';
import { VisitStepButtons, type VisitStepName } from './visit-step-buttons';
import './job-view-page.css';

/** Home › Jobs › the job. */
export const jobCrumbs = (title: string): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Jobs', to: paths.jobs.search },
  { label: title },
];

type Viewer = typeof import('./job-viewer');
const loadViewer = () => importOnceOnline(() => import('./job-viewer'));
/** The rest of the viewer, once loaded: the next job opened draws it at once. */
let loadedViewer: Viewer | null = null;

/** For tests: the next job opened draws its first view first again. */
export const forgetLoadedViewer = () => {
  loadedViewer = null;
};

/**
 * jobs/{id}: the job, first as its first view (its heading, a Technician's next step, its details), then, once that
 * has been drawn, the whole viewer (`job-viewer.tsx`: actions, lines, notes, photos, sign-off) in its place. A
 * Technician on a phone can read the visit and press its next step after the first view's download alone; a press
 * before the rest has loaded is taken once it has (docs/web.md, "The first download").
 */
export function JobViewPage() {
  const { id = '' } = useParams();
  const query = useQuery(jobQueryOptions(id));
  const [viewer, setViewer] = useState(loadedViewer);
  // A step pressed on the first view, for its job only (another job opened meanwhile takes none).
  const [press, setPress] = useState<{ id: string; step: VisitStepName } | null>(null);
  const pressed = press?.id === id ? press.step : null;
  const shown = query.isSuccess;
  // The step button the keyboard was on when the rest took the first view's place: the same step's keeps it.
  const focusedStep = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!viewer || !focusedStep.current) return;
    document.querySelector<HTMLElement>(`[data-step="${focusedStep.current}"]`)?.focus();
    focusedStep.current = null;
  }, [viewer]);
  useEffect(() => {
    if (viewer || !shown) return;
    let gone = false;
    // After the first view has been drawn: a frame, then a task.
    const frame = requestAnimationFrame(() =>
      setTimeout(
        () =>
          void loadViewer().then((module) => {
            loadedViewer = module;
            if (gone) return;
            focusedStep.current = document.activeElement?.getAttribute('data-step') ?? null;
            setViewer(module);
          }),
        0,
      ),
    );
    return () => {
      gone = true;
      cancelAnimationFrame(frame);
    };
  }, [viewer, shown]);
  const loading = (
    <>
      <PageBreadcrumbs crumbs={jobCrumbs('Job')} />
      <PageHeading>Job</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={query} header={loading}>
      {(job) =>
        viewer ? (
          <viewer.JobViewer job={job} pressed={pressed} />
        ) : (
          <FirstView job={job} pressed={pressed} onStep={(step) => setPress({ id, step })} />
        )
      }
    </QueryBoundary>
  );
}

/** The viewer's top as the whole viewer draws it, without its actions (they come with it). */
function FirstView({
  job: read,
  pressed,
  onStep,
}: {
  job: Job;
  pressed: VisitStepName | null;
  onStep: (step: VisitStepName) => void;
}) {
  const job = withKeptStatus(read, useJobActions(read.id));
  const role = useRole();
  const title = `Job ${job.number}`;
  return (
    <>
      <ViewerHeader
        title={job.reference ? `${title}: ${job.reference}` : title}
        breadcrumbs={jobCrumbs(title)}
      >
        {/* Where the actions come (under the heading on a phone), held so the page does not jump. */}
        <div className="job-view-actions-to-come" />
      </ViewerHeader>
      {role === 'TECHNICIAN' && <VisitStepButtons job={job} onStep={onStep} busy={pressed} />}
      <JobDetails job={job} linkCustomer={roleMay(role, 'customers')} />
    </>
  );
}
