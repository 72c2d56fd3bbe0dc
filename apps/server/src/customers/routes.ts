import { customerFields, customerRecord, customerUpdate } from '@fieldbook/domain';
import type { FastifyInstance } from 'fastify';
import type { Authentication } from '../auth/authenticate.ts';
import type { Db } from '../db/database.ts';
import { registerRecordRoutes } from '../records/record-routes.ts';
import { createCustomer, deleteCustomer, findCustomer, listCustomers, updateCustomer } from './customers.ts';

export function registerCustomerRoutes(app: FastifyInstance, db: Db, auth: Authentication): void {
  registerRecordRoutes(app, db, auth, {
    path: '/api/customers',
    tag: 'customers',
    record: customerRecord,
    pageSize: 15,
    create: { body: customerFields, run: createCustomer },
    read: findCustomer,
    update: { body: customerUpdate, run: updateCustomer },
    remove: deleteCustomer,
    list: listCustomers,
  });
}
