import { itemFields, itemRecord, itemUpdate } from '@fieldbook/domain';
import type { FastifyInstance } from 'fastify';
import type { Authentication } from '../auth/authenticate.ts';
import type { Db } from '../db/database.ts';
import { registerRecordRoutes } from '../records/record-routes.ts';
import { createItem, deleteItem, findItem, listItems, updateItem } from './items.ts';

export function registerItemRoutes(app: FastifyInstance, db: Db, auth: Authentication): void {
  registerRecordRoutes(app, db, auth, {
    path: '/api/items',
    tag: 'items',
    record: itemRecord,
    pageSize: 10,
    create: { body: itemFields, run: createItem },
    read: findItem,
    update: { body: itemUpdate, run: updateItem },
    remove: deleteItem,
    list: listItems,
  });
}
