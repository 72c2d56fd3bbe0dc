import { describe, expect, it } from 'vitest';
import {
  byAmountsAre,
  csvField,
  inertText,
  type XeroInvoice,
  type XeroInvoiceLine,
  type XeroPayment,
  xeroAmountsAre,
  xeroDate,
  xeroInvoicesCsv,
  xeroPaymentsCsv,
  xeroQuantities,
  xeroTaxType,
} from './xero-csv.ts';

// Xero's templates written out by hand (docs/exports.md), so that a slip in the code cannot hide itself.
const INVOICE_HEADER =
  '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,' +
  'POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Total,InventoryItemCode,*Description,' +
  '*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,' +
  'TrackingOption2,Currency,BrandingTheme';
const PAYMENT_HEADER = '*Date,*Amount,Payee,Description,Reference,Cheque Number';

/** An RFC 4180 reader, so the tests check the cells a CSV reader sees, not only the text. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      at += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The rows after the header, each as its columns by name. */
function records(text: string): Record<string, string>[] {
  const [header = [], ...rows] = readCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((column, index) => [column, row[index] ?? ''])));
}

const GST = { name: 'GST', rate: '10' };
const GST_FREE = { name: 'GST Free', rate: '0' };

const labour: XeroInvoiceLine = {
  code: 'LAB',
  description: 'Labour',
  quantity: '2.5',
  price: '110.00',
  amount: '275.00',
  taxRate: GST,
};
const tap: XeroInvoiceLine = {
  code: 'TAP-01',
  description: 'Mixer tap supplied',
  quantity: '1',
  price: '120.5',
  amount: '120.50',
  taxRate: GST_FREE,
};

const invoice = (overrides: Partial<XeroInvoice> = {}): XeroInvoice => ({
  number: 42,
  reference: 'Job 1001',
  date: '2026-11-03',
  due: '2026-11-17',
  customer: { name: 'Acme Builders', email: 'accounts@acme.example' },
  amountsIncludeTax: false,
  lines: [labour, tap],
  ...overrides,
});

describe('xeroInvoicesCsv', () => {
  it('starts with the header of Xero’s template, and ends every line with CRLF', () => {
    expect(xeroInvoicesCsv([])).toBe(`${INVOICE_HEADER}\r\n`);
    const csv = xeroInvoicesCsv([invoice()]);
    expect(csv.startsWith(`${INVOICE_HEADER}\r\n`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(4);
    for (const row of readCsv(csv)) expect(row).toHaveLength(29);
  });

  it('writes a tax-exclusive invoice as a row per line, the invoice repeated on each', () => {
    const [first, second] = records(xeroInvoicesCsv([invoice()]));
    expect(first).toEqual({
      '*ContactName': 'Acme Builders',
      EmailAddress: 'accounts@acme.example',
      POAddressLine1: '',
      POAddressLine2: '',
      POAddressLine3: '',
      POAddressLine4: '',
      POCity: '',
      PORegion: '',
      POPostalCode: '',
      POCountry: '',
      '*InvoiceNumber': '42',
      Reference: 'Job 1001',
      '*InvoiceDate': '03/11/2026',
      '*DueDate': '17/11/2026',
      Total: '',
      InventoryItemCode: '',
      '*Description': 'Labour',
      '*Quantity': '2.5',
      '*UnitAmount': '110.00',
      Discount: '',
      '*AccountCode': '200',
      '*TaxType': 'GST on Income',
      TaxAmount: '',
      TrackingName1: '',
      TrackingOption1: '',
      TrackingName2: '',
      TrackingOption2: '',
      Currency: '',
      BrandingTheme: '',
    });
    expect(second).toMatchObject({
      '*ContactName': 'Acme Builders',
      '*InvoiceNumber': '42',
      '*InvoiceDate': '03/11/2026',
      '*DueDate': '17/11/2026',
      '*Description': 'Mixer tap supplied',
      '*Quantity': '1',
      '*UnitAmount': '120.50',
      '*TaxType': 'GST Free Income',
    });
  });

  it('writes a tax-inclusive invoice’s prices as entered, and says to import it as Tax Inclusive', () => {
    const inclusive = invoice({
      number: 43,
      amountsIncludeTax: true,
      lines: [
        { ...labour, quantity: '3', price: '33.3333', amount: '100.00' },
        { ...tap, price: '99.95', amount: '99.95' },
      ],
    });
    const rows = records(xeroInvoicesCsv([inclusive]));
    expect(rows.map((row) => [row['*Quantity'], row['*UnitAmount'], row['*TaxType']])).toEqual([
      ['3', '33.3333', 'GST on Income'],
      ['1', '99.95', 'GST Free Income'],
    ]);
    expect(xeroAmountsAre([inclusive])).toBe('Tax Inclusive');
    expect(xeroAmountsAre([invoice()])).toBe('Tax Exclusive');
    expect(xeroAmountsAre([])).toBeNull();
  });

  it('refuses a file that mixes tax-inclusive and tax-exclusive prices, which byAmountsAre splits', () => {
    const exclusive = invoice();
    const inclusive = invoice({ number: 43, amountsIncludeTax: true });
    expect(() => xeroInvoicesCsv([exclusive, inclusive])).toThrow(RangeError);
    expect(byAmountsAre([exclusive, inclusive])).toEqual({
      'Tax Exclusive': [exclusive],
      'Tax Inclusive': [inclusive],
    });
  });

  it('quotes names and descriptions with commas, quotes and line breaks, and reads them back whole', () => {
    const csv = xeroInvoicesCsv([
      invoice({
        customer: { name: "O'Brien & Sons, Plumbing" },
        lines: [{ ...tap, description: 'Replaced the "Methven" mixer\nand resealed the basin' }],
      }),
    ]);
    expect(csv).toContain(`"O'Brien & Sons, Plumbing",`);
    expect(csv).toContain('"Replaced the ""Methven"" mixer\nand resealed the basin"');
    const [row] = records(csv);
    expect(row?.['*ContactName']).toBe("O'Brien & Sons, Plumbing");
    expect(row?.['*Description']).toBe('Replaced the "Methven" mixer\nand resealed the basin');
  });

  it('writes the billing address on Xero’s four lines, and the parts known apart', () => {
    const customer = {
      name: 'Acme Builders',
      address: {
        lines: ['Level 2', 'Unit 5', '12 Smith Street', 'Rear entrance', 'Loading dock'],
        city: 'Parramatta',
        region: 'NSW',
        postcode: '2150',
        country: 'Australia',
      },
    };
    const [row] = records(xeroInvoicesCsv([invoice({ customer })]));
    expect(row).toMatchObject({
      POAddressLine1: 'Level 2',
      POAddressLine2: 'Unit 5',
      POAddressLine3: '12 Smith Street',
      POAddressLine4: 'Rear entrance, Loading dock',
      POCity: 'Parramatta',
      PORegion: 'NSW',
      POPostalCode: '2150',
      POCountry: 'Australia',
    });
  });

  it('codes lines to the account given, and fills item codes only when asked', () => {
    const [row] = records(xeroInvoicesCsv([invoice()], { accountCode: ' 210 ', itemCodes: true }));
    expect([row?.['*AccountCode'], row?.InventoryItemCode]).toEqual(['210', 'LAB']);
    const [plain] = records(xeroInvoicesCsv([invoice()], { accountCode: '' }));
    expect([plain?.['*AccountCode'], plain?.InventoryItemCode]).toEqual(['200', '']);
  });

  it('sends an invoice with no lines as one line of nothing, so its number still arrives', () => {
    const rows = records(xeroInvoicesCsv([invoice({ lines: [] })]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      '*InvoiceNumber': '42',
      '*Description': 'No line items',
      '*Quantity': '1',
      '*UnitAmount': '0.00',
      '*TaxType': 'GST Free Income',
    });
  });
});

describe('xeroTaxType', () => {
  it('is GST on Income above 0 %, and GST Free Income at 0 % or with no rate', () => {
    expect(xeroTaxType(GST)).toBe('GST on Income');
    expect(xeroTaxType({ rate: '0.0000' })).toBe('GST Free Income');
    expect(xeroTaxType(null)).toBe('GST Free Income');
    const [row] = records(xeroInvoicesCsv([invoice({ lines: [{ ...labour, taxRate: null }] })]));
    expect(row?.['*TaxType']).toBe('GST Free Income');
  });
});

describe('xeroQuantities', () => {
  it('keeps the quantity and price as entered, as plain decimals', () => {
    expect(xeroQuantities({ quantity: '2.5000', price: '12.5', amount: '31.25' })).toEqual({
      quantity: '2.5',
      unitAmount: '12.50',
    });
  });

  it('sends a lump sum, or a price of more decimals than Xero keeps, as one unit of the amount', () => {
    expect(xeroQuantities({ quantity: null, price: null, amount: '450.00' })).toEqual({
      quantity: '1',
      unitAmount: '450.00',
    });
    // 300 × 0.3333333 is 100.00, but Xero would take 0.3333 (99.99).
    expect(xeroQuantities({ quantity: '300', price: '0.3333333', amount: '100.00' })).toEqual({
      quantity: '1',
      unitAmount: '100.00',
    });
  });
});

describe('xeroDate', () => {
  it('writes an ISO date as dd/mm/yyyy and refuses anything else', () => {
    expect(xeroDate('2026-01-05')).toBe('05/01/2026');
    expect(xeroDate('2026-12-31')).toBe('31/12/2026');
    expect(() => xeroDate('5/1/2026')).toThrow(RangeError);
  });
});

describe('xeroPaymentsCsv', () => {
  const payment: XeroPayment = {
    date: '2026-11-20',
    amount: '395.5',
    invoiceNumber: 42,
    customerName: "O'Brien & Sons, Plumbing",
    method: 'BANK_TRANSFER',
    reference: 'NAB 88213',
  };

  it('writes Xero’s bank statement header and a line of money in for each payment', () => {
    expect(xeroPaymentsCsv([])).toBe(`${PAYMENT_HEADER}\r\n`);
    expect(xeroPaymentsCsv([payment])).toBe(
      `${PAYMENT_HEADER}\r\n` +
        `20/11/2026,395.50,"O'Brien & Sons, Plumbing","Invoice 42 (Bank transfer, ref NAB 88213)",42,\r\n`,
    );
  });

  it('puts a cheque’s reference in Cheque Number', () => {
    const [row] = records(xeroPaymentsCsv([{ ...payment, method: 'CHEQUE', reference: '000123' }]));
    expect(row).toMatchObject({ Description: 'Invoice 42 (Cheque, ref 000123)', 'Cheque Number': '000123' });
    const [cash] = records(xeroPaymentsCsv([{ ...payment, method: 'CASH', reference: null }]));
    expect(cash).toMatchObject({ Description: 'Invoice 42 (Cash)', 'Cheque Number': '' });
  });
});

describe('formula injection', () => {
  it('puts an apostrophe before text that a spreadsheet would run', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(inertText(`${start}SUM(A1:A2)`)).toBe(`'${start}SUM(A1:A2)`);
    expect(inertText("O'Brien")).toBe("O'Brien");
    expect(inertText(' =not first')).toBe(' =not first');
    expect(inertText(null)).toBe('');
  });

  it('guards names, descriptions and references in both files, but never numbers or dates', () => {
    const csv = xeroInvoicesCsv([
      invoice({
        reference: '+61 400 000 000',
        customer: { name: '=HYPERLINK("http://example.com","Pay")' },
        lines: [{ ...labour, description: '-2 taps returned' }],
      }),
    ]);
    const [row] = records(csv);
    expect(row).toMatchObject({
      '*ContactName': `'=HYPERLINK("http://example.com","Pay")`,
      Reference: "'+61 400 000 000",
      '*Description': "'-2 taps returned",
      '*Quantity': '2.5',
      '*UnitAmount': '110.00',
      '*InvoiceDate': '03/11/2026',
    });
    const [paid] = records(
      xeroPaymentsCsv([
        {
          date: '2026-11-20',
          amount: '10.00',
          invoiceNumber: 42,
          customerName: '@Home Plumbing',
          method: 'CHEQUE',
          reference: '-12',
        },
      ]),
    );
    expect(paid).toMatchObject({ Payee: "'@Home Plumbing", 'Cheque Number': "'-12", '*Amount': '10.00' });
  });
});

describe('csvField', () => {
  it('quotes a field only when it holds a comma, quote, CR or LF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\rtwo')).toBe('"one\rtwo"');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
  });
});
