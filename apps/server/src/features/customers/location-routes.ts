import { locationFields, locationRecord, locationUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { createLocation, deleteLocation, findLocation, locationList, updateLocation } from './locations.ts';

/** A customer's locations; deleting the customer deletes them too. */
export function registerLocationRoutes(api: Api, db: Db): void {
  registerRecordRoutes(api, db, {
    path: '/locations',
    name: 'Location',
    tags: ['locations'],
    record: locationRecord,
    list: {
      summary: 'List or search locations',
      description: "`q=customer.id:{id}` lists one customer's locations.",
      list: locationList,
    },
    create: {
      summary: 'Add a location to a customer',
      description:
        '`customer.id` names a customer of the organisation. An Australian address (country `Australia` or ' +
        '`AU`) has one of the eight states and a four-digit postcode of that state. Honours `Idempotency-Key`.',
      body: locationFields,
      command: (body) => (tx, tenantId) => createLocation(tx, tenantId, body),
    },
    read: { summary: 'Get a location', command: findLocation },
    save: {
      summary: 'Save a location',
      description: 'The location stays with its customer: a `customer` in the body is ignored.',
      body: locationUpdate,
      command: (id, body) => (tx, tenantId) => updateLocation(tx, tenantId, id, body),
    },
    remove: { summary: 'Delete a location', command: deleteLocation },
  });
}
