import { taxRateFields, taxRateRecord, taxRateUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { createTaxRate, deleteTaxRate, findTaxRate, taxRateList, updateTaxRate } from './tax-rates.ts';

export function registerTaxRateRoutes(api: Api, db: Db): void {
  registerRecordRoutes(api, db, {
    path: '/tax-rates',
    name: 'TaxRate',
    tags: ['tax rates'],
    record: taxRateRecord,
    list: { summary: 'List or search the tax rates, by name', list: taxRateList },
    create: {
      summary: 'Create a tax rate',
      description:
        'The rate is a percentage as text ("10", "12.5"), at most 4 decimal places. Names are unique in the ' +
        'organisation, whatever their case. Honours `Idempotency-Key`.',
      body: taxRateFields,
      command: (body) => (tx, tenantId) => createTaxRate(tx, tenantId, body),
    },
    read: { summary: 'Get a tax rate', command: findTaxRate },
    save: {
      summary: 'Save a tax rate',
      description: 'Invoices already saved keep the rate their lines were saved with.',
      body: taxRateUpdate,
      command: (id, body) => (tx, tenantId) => updateTaxRate(tx, tenantId, id, body),
    },
    remove: {
      summary: 'Delete a tax rate',
      description: 'Refused with 409 while invoice lines use the rate.',
      command: deleteTaxRate,
    },
  });
}
