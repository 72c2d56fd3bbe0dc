import { technicianFields, technicianRecord, technicianUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { replyCreated } from '../../platform/http/idempotency.ts';
import { createSchema, listSchema, readSchema, updateSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant, samePathId } from '../../platform/http/tenant-requests.ts';
import { sendList } from '../../platform/lists/read-list.ts';
import { createTechnician, findTechnician, technicianList, updateTechnician } from './technicians.ts';

const tags = ['technicians'];

export function registerTechnicianRoutes(api: Api, db: Db): void {
  const create = {
    operationId: 'createTechnician',
    summary: 'Add a technician',
    description: 'Names are unique in the organisation, whatever their case. Honours `Idempotency-Key`.',
    tags,
  };
  api.post('/technicians', createSchema(create, technicianFields, technicianRecord), (request, reply) =>
    replyCreated(db, request, reply, (tx, tenantId) => createTechnician(tx, tenantId, request.body)),
  );

  api.get(
    '/technicians/:id',
    readSchema({ operationId: 'getTechnician', summary: 'Get a technician', tags }, technicianRecord),
    (request) =>
      inRequestTenant(db, request, (tx, tenantId) => findTechnician(tx, tenantId, request.params.id)),
  );

  const save = {
    operationId: 'updateTechnician',
    summary: 'Rename or retire a technician',
    description:
      'A retired technician keeps the jobs assigned to them and takes no new ones; technicians are never deleted.',
    tags,
  };
  api.put('/technicians/:id', updateSchema(save, technicianUpdate, technicianRecord), (request) => {
    samePathId(request.params.id, request.body);
    return inRequestTenant(db, request, (tx, tenantId) =>
      updateTechnician(tx, tenantId, request.params.id, request.body),
    );
  });

  api.get(
    '/technicians',
    listSchema(
      {
        operationId: 'listTechnicians',
        summary: 'List the technicians, by name',
        description: '`q` takes `name` and `retired:false` (those who take new jobs).',
        tags,
      },
      technicianRecord,
    ),
    (request, reply) => sendList(db, request, reply, technicianList),
  );
}
