// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { invoicesBehindHref, invoicesBehindQuery } from './invoices-behind';

const asAt = '2026-11-30';
const customerId = '00000000-0000-7000-8000-00000000c001';
const open = `customer.id:${customerId} AND status:OPEN_SENT AND amountDue:>0 AND date:<=2026-11-30`;

describe('invoicesBehindQuery', () => {
  it("asks for the customer's Sent invoices dated by the report's date with an amount due in the column's due dates", () => {
    expect(invoicesBehindQuery({ asAt, customerId, bucket: 'current' })).toBe(`${open} AND due:>=2026-11-30`);
    expect(invoicesBehindQuery({ asAt, customerId, bucket: 'days1To30' })).toBe(
      `${open} AND due:[2026-10-31 TO 2026-11-29]`,
    );
    expect(invoicesBehindQuery({ asAt, customerId, bucket: 'days31To60' })).toBe(
      `${open} AND due:[2026-10-01 TO 2026-10-30]`,
    );
    expect(invoicesBehindQuery({ asAt, customerId, bucket: 'days61To90' })).toBe(
      `${open} AND due:[2026-09-01 TO 2026-09-30]`,
    );
    expect(invoicesBehindQuery({ asAt, customerId, bucket: 'days90Plus' })).toBe(
      `${open} AND due:<=2026-08-31`,
    );
  });

  it("asks for every due date in the Total column, and every customer's in the total row", () => {
    expect(invoicesBehindQuery({ asAt, customerId })).toBe(open);
    expect(invoicesBehindQuery({ asAt, bucket: 'days1To30' })).toBe(
      'status:OPEN_SENT AND amountDue:>0 AND date:<=2026-11-30 AND due:[2026-10-31 TO 2026-11-29]',
    );
    expect(invoicesBehindQuery({ asAt })).toBe('status:OPEN_SENT AND amountDue:>0 AND date:<=2026-11-30');
  });

  it('links to the invoice list with that query', () => {
    const href = invoicesBehindHref({ asAt, bucket: 'days90Plus' });
    expect(href.split('?')[0]).toBe('/sales/invoices/search');
    expect(new URLSearchParams(href.split('?')[1]).get('q')).toBe(
      'status:OPEN_SENT AND amountDue:>0 AND date:<=2026-11-30 AND due:<=2026-08-31',
    );
  });
});
