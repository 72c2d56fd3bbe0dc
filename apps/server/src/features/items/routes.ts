import { itemFields, itemRecord, itemUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { createItem, deleteItem, findItem, itemList, updateItem } from './items.ts';

export function registerItemRoutes(api: Api, db: Db): void {
  registerRecordRoutes(api, db, {
    path: '/items',
    name: 'Item',
    tags: ['items'],
    record: itemRecord,
    list: { summary: 'List or search the catalogue', list: itemList },
    create: {
      summary: 'Create a catalogue item',
      description: 'Codes are unique in the organisation, whatever their case. Honours `Idempotency-Key`.',
      body: itemFields,
      command: (body) => (tx, tenantId) => createItem(tx, tenantId, body),
    },
    read: { summary: 'Get a catalogue item', command: findItem },
    save: {
      summary: 'Save a catalogue item',
      body: itemUpdate,
      command: (id, body) => (tx, tenantId) => updateItem(tx, tenantId, id, body),
    },
    remove: {
      summary: 'Delete a catalogue item',
      description: 'Refused with 409 while job or invoice lines use the item.',
      command: deleteItem,
    },
  });
}
