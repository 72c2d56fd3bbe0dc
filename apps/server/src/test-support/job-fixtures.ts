import { type ApiClient, apiAs } from './api-client.ts';
import { newMember, type TenantWithUser } from './factories.ts';
import { createCustomers, createLocations } from './record-factories.ts';
import type { TestApp } from './test-app.ts';

/** What a job in a tenant can name: two customers with a site each, the priorities and the territories. */
export interface JobWorld {
  customer: { id: string; name: string };
  location: { id: string; name: string };
  otherCustomer: { id: string; name: string };
  otherLocation: { id: string; name: string };
  priorities: { id: string; name: string }[];
  territories: { id: string; name: string }[];
  technicians: { id: string; name: string }[];
}

/** The records a tenant's jobs refer to, made directly; priorities and territories as the API lists them. */
export async function jobWorld(t: TestApp, tenant: TenantWithUser, prefix: string): Promise<JobWorld> {
  const tenantId = tenant.tenant.tenantId;
  const [customer, otherCustomer] = await createCustomers(t, tenantId, [
    { name: `${prefix} Harbour View Strata` },
    { name: `${prefix} Glebe Bakery` },
  ]);
  if (!customer || !otherCustomer) throw new Error('No customers');
  const [location, otherLocation] = await createLocations(t, tenantId, [
    { customer: { id: customer.id }, name: 'Kirribilli Towers' },
    { customer: { id: otherCustomer.id }, name: 'Bakehouse' },
  ]);
  if (!location || !otherLocation) throw new Error('No locations');
  const api = apiAs(t, tenant.token);
  const priorities = (await api.get('/api/job-priorities')).json();
  const territories = (await api.get('/api/territories')).json();
  const technicians = (await api.get('/api/technicians')).json();
  const named = (record: { id: string; name: string }) => ({ id: record.id, name: record.name });
  return {
    customer: named(customer),
    location: named(location),
    otherCustomer: named(otherCustomer),
    otherLocation: named(otherLocation),
    priorities,
    territories,
    technicians,
  };
}

/** A complete job body of the world (what a save needs), with a scheduled day. */
export function fullJob(world: JobWorld, more: Record<string, unknown> = {}) {
  const [, normal] = world.priorities;
  const [territory] = world.territories;
  return {
    reference: 'PO 4471',
    customer: { id: world.customer.id },
    location: { id: world.location.id },
    territory: { id: territory?.id },
    priority: { id: normal?.id },
    rag: 'GREEN',
    due: '2026-11-27T17:00:00+11:00',
    assignee: world.technicians[0]?.id,
    items: [{ code: 'LAB', description: 'Labour', quantity: '2.5', price: '95' }],
    ...more,
  };
}

/** A Technician's side of a tenant: a member working as its first technician, one of their jobs and another's. */
export interface TechnicianJobs {
  owner: ApiClient;
  technician: ApiClient;
  /** The Technician member's email: the name the organisation knows them by. */
  technicianEmail: string;
  ownJobId: string;
  otherJobId: string;
}

/** Makes a Technician member and two jobs of `customerName`'s: one assigned to them, one to another technician. */
export async function technicianJobs(
  t: TestApp,
  tenant: TenantWithUser,
  customerName: string,
): Promise<TechnicianJobs> {
  const owner = apiAs(t, tenant.token);
  const [mine, theirs] = (await owner.get('/api/technicians')).json() as { id: string }[];
  if (!mine || !theirs) throw new Error('The tenant needs two technicians');
  const person = await newMember(t, tenant.tenant.tenantId, 'TECHNICIAN', mine.id);
  const customer = (await owner.post('/api/customers', { name: customerName })).json();
  const job = async (assignee: string) => {
    const created = await owner.post('/api/jobs', { customer: { id: customer.id }, assignee });
    if (created.statusCode !== 201) throw new Error(created.body);
    return created.json().id as string;
  };
  return {
    owner,
    technician: apiAs(t, person.token),
    technicianEmail: person.email,
    ownJobId: await job(mine.id),
    otherJobId: await job(theirs.id),
  };
}
