import type { Job } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getJob, jobKeys, updateJob } from '../../jobs';
import { type Slot, scheduledSave } from '../board-slots';

/** A job as the board showed it: which one, and the version the board read. */
export type ShownJob = Pick<Job, 'id' | 'number' | 'updated'>;

/**
 * Scheduling (spec section 4): reload the job, set it Scheduled at the slot on the slot's technician, and save the
 * whole job over the version the board showed (a change made since is a 409, which the board reports).
 */
export async function scheduleJob(shown: ShownJob, slot: Slot): Promise<Job> {
  const reloaded = await getJob(shown.id);
  return updateJob(shown.id, scheduledSave(reloaded, slot, shown.updated));
}

/**
 * The board's save. Saved or refused, the job's lists (the ready list, the board's days, the job screens) and the
 * job are read again, so the board shows what the server now holds.
 */
export function useScheduleJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shown, slot }: { shown: ShownJob; slot: Slot }) => scheduleJob(shown, slot),
    onSuccess: (saved) => queryClient.setQueryData(jobKeys.detail(saved.id), saved),
    onSettled: (_saved, _error, { shown }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: jobKeys.detail(shown.id) }),
      ]),
  });
}
