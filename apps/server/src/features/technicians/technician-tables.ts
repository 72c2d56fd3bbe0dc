import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordTimes, tenantId } from '../../platform/db/columns.ts';

/**
 * A tenant's technicians: the scheduler's rows, whom jobs are assigned to (`jobs.assignee`). Names are unique per
 * tenant regardless of case. A technician is retired, never deleted, so past jobs keep their assignee.
 */
export const technicians = pgTable(
  'technicians',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    retired: boolean('retired').notNull().default(false),
    ...recordTimes(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('technicians_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);
