import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { created, tenantId } from '../db/columns.ts';

/** First results of creating POSTs, so a retried request with the same Idempotency-Key creates nothing new. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    subject: text('subject').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
