// @vitest-environment node
import type { Job, JobNote, Today } from '@fieldbook/domain';
import { describe, expect, it } from 'vitest';
import { job } from '../../testing/records';
import { jobNotesQueryOptions, jobQueryOptions } from '../jobs';
import type { WeekCopy } from '../offline';
import { withAnswer } from './week-copy';

const booked = job({ id: 'job-1', status: 'OPEN_SCHEDULED', updated: '2026-11-30T01:00:00.000Z' });
const other = job({ id: 'job-2', status: 'OPEN_SCHEDULED' });
const day: Today = {
  date: '2026-11-30',
  technician: { id: 't-1', name: 'SE01 Richmond' },
  visits: [booked, other].map((visitJob) => ({ job: visitJob, phone: null, address: null })),
  nextDate: null,
};
const note = (id: string, text: string) => ({ id, text }) as JobNote;
const copy: WeekCopy = {
  owner: 'user-1@t-acme',
  savedAt: 1,
  profile: {},
  queries: [
    { key: ['today', null, null], data: day },
    { key: jobQueryOptions('job-1').queryKey, data: booked },
    { key: jobNotesQueryOptions('job-1').queryKey, data: [note('n1', 'Older')] },
  ],
};
const start = { type: 'status', from: 'OPEN_SCHEDULED', to: 'OPEN_IN_PROGRESS' } as const;

describe('the week kept on the device, given the server’s answer to an action', () => {
  it('shows a status change’s job on its visit and on its day, and leaves the other jobs as they were', () => {
    const started: Job = { ...booked, status: 'OPEN_IN_PROGRESS', updated: '2026-11-30T01:05:00.000Z' };
    const kept = withAnswer(copy, 'job-1', start, started);
    expect(kept.queries[1]?.data).toEqual(started);
    const visits = (kept.queries[0]?.data as Today | undefined)?.visits ?? [];
    expect(visits.map((visit) => visit.job.status)).toEqual(['OPEN_IN_PROGRESS', 'OPEN_SCHEDULED']);
    expect(kept.queries[2]).toBe(copy.queries[2]);
  });

  it('keeps a newer job than the answer (read again after it)', () => {
    const older: Job = { ...booked, status: 'OPEN_IN_PROGRESS', updated: '2026-11-30T00:55:00.000Z' };
    expect(withAnswer(copy, 'job-1', start, older)).toBe(copy);
  });

  it('puts a note first in its job’s notes, once', () => {
    const added = note('n2', 'Isolated the water');
    const kept = withAnswer(copy, 'job-1', { type: 'note', text: added.text }, added);
    expect(kept.queries[2]?.data).toEqual([added, note('n1', 'Older')]);
    expect(withAnswer(kept, 'job-1', { type: 'note', text: added.text }, added).queries[2]?.data).toEqual([
      added,
      note('n1', 'Older'),
    ]);
  });

  it('changes nothing for a job it does not keep', () => {
    expect(withAnswer(copy, 'job-9', start, { ...booked, id: 'job-9' })).toBe(copy);
  });
});
