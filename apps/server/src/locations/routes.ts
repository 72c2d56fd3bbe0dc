import { locationFields, locationRecord } from '@fieldbook/domain';
import type { FastifyInstance } from 'fastify';
import type { Authentication } from '../auth/authenticate.ts';
import type { Db } from '../db/database.ts';
import { registerRecordRoutes } from '../records/record-routes.ts';
import { createLocation, listLocations } from './locations.ts';

/** Locations are created and listed here; they are read and changed as part of their customer. */
export function registerLocationRoutes(app: FastifyInstance, db: Db, auth: Authentication): void {
  registerRecordRoutes(app, db, auth, {
    path: '/api/locations',
    tag: 'locations',
    record: locationRecord,
    pageSize: 15,
    create: { body: locationFields, run: createLocation },
    list: listLocations,
  });
}
