import { randomBytes } from 'node:crypto';
import type { PageApi } from './page-api.ts';

// Jobs a journey makes through the API as the office would, for itself alone: journeys running beside it do not
// meet them.

export const unique = () => randomBytes(3).toString('hex');

export type Api = PageApi;

export type Job = { id: string; number: number; updated: string; status: string } & Record<string, unknown>;

/** A new customer with a site and a job of theirs, moved to Ready to be scheduled (or straight on to Scheduled). */
export async function readyJob(
  api: Api,
  scheduled?: { start: string; finish: string; technician: string },
  names: { customer?: string; reference?: string } = {},
) {
  const name = names.customer ?? `O'Brien & Daughters ${unique()}`;
  const customer = await api.post('/api/customers/', { name });
  const location = await api.post('/api/locations/', {
    customer: { id: customer.id },
    name: 'Warehouse & Office',
    suburb: 'Richmond',
    state: 'VIC',
    postcode: '3121',
    country: 'Australia',
  });
  const [territory] = (await api.get('/api/territories')) as { id: string }[];
  const [, normal] = (await api.get('/api/job-priorities')) as { id: string }[];
  const job = (await api.post('/api/jobs', {
    customer: { id: customer.id },
    location: { id: location.id },
    territory: { id: territory?.id },
    priority: { id: normal?.id },
    reference: names.reference ?? 'Hot water system & isolation valve',
    rag: 'RED',
  })) as unknown as Job;
  let saved = (await api.put(`/api/jobs/${job.id}`, { ...job, status: 'OPEN_READY_TO_BE_SCHEDULED' })) as Job;
  if (scheduled) {
    saved = (await api.put(`/api/jobs/${job.id}`, {
      ...saved,
      status: 'OPEN_SCHEDULED',
      scheduledStart: scheduled.start,
      scheduledFinish: scheduled.finish,
      assignee: scheduled.technician,
    })) as Job;
  }
  return { job: saved, customer: name };
}

/** The demo organisation's technician whose name starts with `code` (SE01 is Sam Nguyen's, tech1's …). */
export async function technician(api: Api, code: string): Promise<{ id: string; name: string }> {
  const all = (await api.get('/api/technicians?q=*&s=100')) as { id: string; name: string }[];
  const found = all.find((one) => one.name.startsWith(code));
  if (!found) throw new Error(`No technician ${code}`);
  return found;
}
