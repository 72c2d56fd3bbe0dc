import { jobsQueryOptions } from '../../jobs';
import { technicianChoicesQueryOptions } from '../../technicians';
import { BOARD_LIMIT, type BoardRange, scheduledInRangeQuery } from '../board-range';

/**
 * How long the board's loads count as fresh: the route's loader reads them afresh on every visit and every save
 * reads them again, so the page itself does not fetch what its loader has just fetched.
 */
export const BOARD_FRESH_MS = 30_000;

export const READY = 'status:OPEN_READY_TO_BE_SCHEDULED';

/** GET /jobs?q=status:OPEN_READY_TO_BE_SCHEDULED&s=1000: the board's list of jobs to schedule. */
export const readyJobsQueryOptions = () => ({
  ...jobsQueryOptions({ q: READY, p: 1, s: BOARD_LIMIT }),
  staleTime: BOARD_FRESH_MS,
});

/** GET /jobs?q=…&s=1000 (`scheduledInRangeQuery`): the jobs the board's days show (the organisation's), and no others. */
export const scheduledJobsQueryOptions = (timeZone: string, range: BoardRange) => ({
  ...jobsQueryOptions({ q: scheduledInRangeQuery(timeZone, range), p: 1, s: BOARD_LIMIT }),
  staleTime: BOARD_FRESH_MS,
});

/** The organisation's technicians, the board's rows. */
export const boardTechniciansQueryOptions = () => ({
  ...technicianChoicesQueryOptions(),
  staleTime: BOARD_FRESH_MS,
});
