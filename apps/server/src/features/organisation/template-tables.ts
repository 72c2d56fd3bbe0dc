import { TEMPLATE_DOCUMENTS, TEMPLATE_TYPES } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf, recordTimes, tenantId } from '../../platform/db/columns.ts';

/**
 * A tenant's document templates: Typst markup that renders an invoice, a job, a quote or a statement. Every tenant
 * starts with the built-in ones as its own editable copies; which one each document uses is the organisation's (its
 * details).
 */
export const templates = pgTable(
  'templates',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    document: text('document').notNull(),
    body: text('body').notNull(),
    ...recordTimes(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('templates_type_check', sql`${t.type} in ${oneOf(TEMPLATE_TYPES)}`),
    check('templates_document_check', sql`${t.document} in ${oneOf(TEMPLATE_DOCUMENTS)}`),
  ],
);
