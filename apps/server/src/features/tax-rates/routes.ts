import { taxRateFields, taxRateRecord, taxRateUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { replyCreated } from '../../platform/http/idempotency.ts';
import {
  createSchema,
  deleteSchema,
  listSchema,
  readSchema,
  updateSchema,
} from '../../platform/http/route-schemas.ts';
import { inRequestTenant, samePathId } from '../../platform/http/tenant-requests.ts';
import { sendList } from '../../platform/lists/read-list.ts';
import { createTaxRate, deleteTaxRate, findTaxRate, taxRateList, updateTaxRate } from './tax-rates.ts';

const tags = ['tax rates'];

export function registerTaxRateRoutes(api: Api, db: Db): void {
  const create = {
    operationId: 'createTaxRate',
    summary: 'Create a tax rate',
    description:
      'The rate is a percentage as text ("10", "12.5"), at most 4 decimal places. Names are unique in the ' +
      'organisation, whatever their case. Honours `Idempotency-Key`.',
    tags,
  };
  api.post('/tax-rates', createSchema(create, taxRateFields, taxRateRecord), (request, reply) =>
    replyCreated(db, request, reply, (tx, tenantId) => createTaxRate(tx, tenantId, request.body)),
  );

  api.get(
    '/tax-rates/:id',
    readSchema({ operationId: 'getTaxRate', summary: 'Get a tax rate', tags }, taxRateRecord),
    (request) => inRequestTenant(db, request, (tx, tenantId) => findTaxRate(tx, tenantId, request.params.id)),
  );

  const save = {
    operationId: 'updateTaxRate',
    summary: 'Save a tax rate',
    description: 'Invoices already saved keep the rate their lines were saved with.',
    tags,
  };
  api.put('/tax-rates/:id', updateSchema(save, taxRateUpdate, taxRateRecord), (request) => {
    samePathId(request.params.id, request.body);
    return inRequestTenant(db, request, (tx, tenantId) =>
      updateTaxRate(tx, tenantId, request.params.id, request.body),
    );
  });

  const remove = {
    operationId: 'deleteTaxRate',
    summary: 'Delete a tax rate',
    description: 'Refused with 409 while invoice lines use the rate.',
    tags,
  };
  api.delete('/tax-rates/:id', deleteSchema(remove), async (request, reply) => {
    await inRequestTenant(db, request, (tx, tenantId) => deleteTaxRate(tx, tenantId, request.params.id));
    return reply.code(204).send(null);
  });

  api.get(
    '/tax-rates',
    listSchema(
      { operationId: 'listTaxRates', summary: 'List or search the tax rates, by name', tags },
      taxRateRecord,
    ),
    (request, reply) => sendList(db, request, reply, taxRateList),
  );
}
