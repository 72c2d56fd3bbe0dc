import type { InvoiceData, JobData, PartyData, QuoteData, StatementData } from './document-data.ts';
import { type DocumentImage, PHOTO_PLACEHOLDER } from './document-images.ts';

// What a template in a form is previewed against when the organisation has no such record yet: realistic,
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
    amountPaid: '$200.00',
    payments: [{ date: '26 Nov 2026', method: 'Bank transfer', reference: 'Deposit', amount: '$200.00' }],
    amountDue: gstRegistered ? '$309.85' : '$263.50',
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
    notes: [
      {
        text: 'Thermostat replaced and tested: water at 60 °C at the kitchen tap.\nOld unit left with the customer.',
        author: 'Sam Ellis',
        time: '25 Nov 2026, 11:20 am',
      },
      {
        text: 'Relief valve drips: quote to replace sent.',
        author: 'Sam Ellis',
        time: '25 Nov 2026, 10:05 am',
      },
    ],
    photos: [
      { image: '/photos/1', filename: 'IMG_0412.JPG' },
      { image: '/photos/2', filename: 'IMG_0413.JPG' },
    ],
    files: ['Rheem warranty.pdf'],
    signature: {
      customerNotPresent: false,
      signerName: "Marguerite O'Sullivan",
      image: '/signature',
      time: '25 Nov 2026, 11:30 am',
      takenBy: 'Sam Ellis',
    },
  };
}

export function sampleStatement(): StatementData {
  const invoice = (
    number: string,
    date: string,
    due: string,
    total: string,
    paid: string,
    amountDue: string,
  ) => ({
    number,
    date,
    due,
    total,
    paid,
    amountDue,
    overdue: false,
    overdueText: null,
  });
  return {
    title: 'Statement',
    asAt: '30 Nov 2026',
    customer: { ...customer, number: '1017' },
    invoices: [
      {
        ...invoice('998', '12 Sept 2026', '26 Sept 2026', '$1,320.00', '$500.00', '$820.00'),
        overdue: true,
        overdueText: '65 days overdue',
      },
      {
        ...invoice('1001', '24 Oct 2026', '7 Nov 2026', '$509.85', '$200.00', '$309.85'),
        overdue: true,
        overdueText: '23 days overdue',
      },
      invoice('1009', '24 Nov 2026', '8 Dec 2026', '$405.35', '$0.00', '$405.35'),
    ],
    aged: [
      { label: 'Current', amount: '$405.35' },
      { label: '1–30 days', amount: '$309.85' },
      { label: '31–60 days', amount: '$0.00' },
      { label: '61–90 days', amount: '$820.00' },
      { label: '90+ days', amount: '$0.00' },
    ],
    totalDue: '$1,535.20',
    overdueInvoices: 2,
  };
}

/** A quote with two options (and a line common to both), not yet answered. */
export function sampleQuote(gstRegistered: boolean): QuoteData {
  const taxRate = gstRegistered ? 'GST 10%' : null;
  const line = (
    code: string | null,
    description: string,
    quantity: string,
    unitPrice: string,
    amount: string,
  ) => ({
    code,
    description,
    quantity,
    unitPrice,
    taxRate,
    amount,
  });
  const totals = (subtotal: string, tax: string, total: string) =>
    gstRegistered ? { subtotal, tax, total } : { subtotal, tax: '$0.00', total: subtotal };
  const repair = totals('$460.00', '$46.00', '$506.00');
  return {
    number: '1007',
    reference: 'PO 4471-B',
    status: 'Sent',
    expired: false,
    date: '24 Nov 2026',
    expiry: '24 Dec 2026',
    customer,
    location: { name: 'Chapel Street office', address: 'Level 2, 118 Chapel Street\nWindsor VIC 3181' },
    title: 'Hot water system: repair or replace',
    description:
      'The relief valve drips and the tank is 14 years old.\nBoth options include the call-out & a safety check.',
    terms: 'Prices hold for 30 days. A 30% deposit secures the booking; the balance is due on completion.',
    amountsIncludeTax: false,
    lines: [line('CALL', 'Call-out fee & safety check', '1', '$95.00', '$95.00')],
    options: [
      {
        name: 'Option A: repair',
        lines: [
          line('TPR-500', 'Temperature & pressure relief valve', '1', '$185.00', '$185.00'),
          line('LAB', 'Labour: fit the valve & test', '1.5', '$120.00', '$180.00'),
        ],
        ...repair,
        accepted: false,
      },
      {
        name: 'Option B: replace',
        lines: [
          line('HP-315', 'Rheem 315 L heat pump, installed', '1', '$4,890.00', '$4,890.00'),
          line(null, 'Remove & dispose of the old tank', '1', '$150.00', '$150.00'),
        ],
        ...totals('$5,135.00', '$513.50', '$5,648.50'),
        accepted: false,
      },
    ],
    acceptedOption: null,
    ...repair,
    link: null,
  };
}

/** A drawn signature, for the sample's sign-off. */
const SAMPLE_SIGNATURE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200">' +
    '<path d="M40 140 C70 40 110 40 100 130 S150 170 180 90 S230 60 240 130 C250 170 290 60 320 110 ' +
    'S380 150 400 100 S470 80 560 120" fill="none" stroke="#1c2430" stroke-width="5" stroke-linecap="round"/></svg>',
);

/** The images the sample job names: its photos as placeholders, and a signature. */
export const sampleJobImages: Record<string, DocumentImage> = {
  '/photos/1': { bytes: PHOTO_PLACEHOLDER },
  '/photos/2': { bytes: PHOTO_PLACEHOLDER },
  '/signature': { bytes: SAMPLE_SIGNATURE },
};
