import { ORGANISATION_TIME_ZONE } from '@fieldbook/domain';
import { jobsQueryOptions } from '../../jobs';
import { BOARD_LIMIT, type BoardRange, scheduledInRangeQuery } from '../board-slots';

/** GET /jobs?q=status:OPEN_READY_TO_BE_SCHEDULED&s=1000: the board's list of jobs to schedule. */
export const readyJobsQueryOptions = () =>
  jobsQueryOptions({ q: 'status:OPEN_READY_TO_BE_SCHEDULED', p: 1, s: BOARD_LIMIT });

/** GET /jobs?q=scheduledStart:[from TO to}&s=1000: the jobs the board's days show, and no others. */
export const scheduledJobsQueryOptions = (range: BoardRange) =>
  jobsQueryOptions({ q: scheduledInRangeQuery(ORGANISATION_TIME_ZONE, range), p: 1, s: BOARD_LIMIT });
