import { technicianFields, technicianRecord, technicianUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { createTechnician, findTechnician, technicianList, updateTechnician } from './technicians.ts';

/** Technicians are never deleted: a retired one keeps their jobs. */
export function registerTechnicianRoutes(api: Api, db: Db): void {
  registerRecordRoutes(api, db, {
    path: '/technicians',
    name: 'Technician',
    tags: ['technicians'],
    record: technicianRecord,
    list: {
      summary: 'List the technicians, by name',
      description: '`q` takes `name` and `retired:false` (those who take new jobs).',
      list: technicianList,
    },
    create: {
      summary: 'Add a technician',
      description: 'Names are unique in the organisation, whatever their case. Honours `Idempotency-Key`.',
      body: technicianFields,
      command: (body) => (tx, tenantId) => createTechnician(tx, tenantId, body),
    },
    read: { summary: 'Get a technician', command: findTechnician },
    save: {
      summary: 'Rename or retire a technician',
      description:
        'A retired technician keeps the jobs assigned to them and takes no new ones; technicians are never deleted.',
      body: technicianUpdate,
      command: (id, body) => (tx, tenantId) => updateTechnician(tx, tenantId, id, body),
    },
  });
}
