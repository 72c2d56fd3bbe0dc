import { customerFields, customerRecord, customerUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { createCustomer, customerList, deleteCustomer, findCustomer, updateCustomer } from './customers.ts';

export function registerCustomerRoutes(api: Api, db: Db): void {
  registerRecordRoutes(api, db, {
    path: '/customers',
    name: 'Customer',
    tags: ['customers'],
    record: customerRecord,
    list: { summary: 'List or search customers', list: customerList },
    create: {
      summary: 'Create a customer',
      description: "The customer gets the organisation's next customer number. Honours `Idempotency-Key`.",
      body: customerFields,
      command: (body) => (tx, tenantId) => createCustomer(tx, tenantId, body),
    },
    read: { summary: 'Get a customer', command: findCustomer },
    save: {
      summary: 'Save a customer',
      body: customerUpdate,
      command: (id, body) => (tx, tenantId) => updateCustomer(tx, tenantId, id, body),
    },
    remove: {
      summary: 'Delete a customer and its locations',
      description: 'Refused with 409 while jobs or invoices refer to the customer.',
      command: deleteCustomer,
    },
  });
}
