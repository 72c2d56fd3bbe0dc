import type { InvoiceData, JobData, PartyData } from './document-data.ts';

// What a template in a form is previewed against when the organisation has no invoice or job yet: realistic,
// with the long names and punctuation real customers have.

const customer: PartyData = {
  name: "O'Brien & Sons Heating, Cooling & Refrigeration Pty Ltd",
  address: 'Level 2, 118 Chapel Street\nWindsor VIC 3181',
  phone: '(03) 9521 4470',
  email: 'accounts@obrienandsons.example',
};

/** The work both samples show: labour and a part. */
const work = [
  {
    code: 'LAB',
    description: 'Labour: replace hot water system thermostat & test',
    quantity: '2.5',
    price: '$120.00',
    amount: '$300.00',
  },
  {
    code: 'THERM-70',
    description: 'Rheem 70 °C thermostat',
    quantity: '1',
    price: '$68.50',
    amount: '$68.50',
  },
];

export function sampleInvoice(gstRegistered: boolean): InvoiceData {
  const taxRate = gstRegistered ? 'GST 10%' : null;
  return {
    title: gstRegistered ? 'Tax invoice' : 'Invoice',
    number: '1001',
    reference: 'PO 4471-B',
    status: 'Draft',
    date: '24 Nov 2026',
    due: '8 Dec 2026',
    customer,
    job: { number: '1042' },
    amountsIncludeTax: false,
    lines: [
      {
        code: 'CALL',
        description: 'Call-out fee, business hours',
        quantity: '1',
        unitPrice: '$95.00',
        taxRate,
        amount: '$95.00',
      },
      ...work.map(({ price, amount, ...line }) => ({ ...line, unitPrice: price, taxRate, amount })),
    ],
    subtotal: '$463.50',
    tax: gstRegistered ? '$46.35' : '$0.00',
    total: gstRegistered ? '$509.85' : '$463.50',
    amountDue: gstRegistered ? '$509.85' : '$463.50',
  };
}

export function sampleJob(): JobData {
  return {
    number: '1042',
    reference: 'PO 4471-B',
    status: 'Scheduled',
    customer,
    location: { name: 'Chapel Street office', address: 'Level 2, 118 Chapel Street\nWindsor VIC 3181' },
    priority: 'High',
    due: '25 Nov 2026, 5:00 pm',
    scheduledStart: '25 Nov 2026, 9:00 am',
    scheduledFinish: '25 Nov 2026, 11:30 am',
    assignee: 'SE02 Windsor',
    lines: work,
    subtotal: '$368.50',
    tax: '$36.85',
    total: '$405.35',
  };
}
