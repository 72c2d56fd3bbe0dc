/** A route with a parameter: `pattern` for the router, `href` for links to one record. */
interface RecordPath {
  pattern: string;
  href: (id: string) => string;
}

function recordPath(prefix: string, param: string, suffix = ''): RecordPath {
  return {
    pattern: `${prefix}/:${param}${suffix}`,
    href: (id) => `${prefix}/${encodeURIComponent(id)}${suffix}`,
  };
}

/** Every route of the app, in one place; links use these instead of string literals. */
export const paths = {
  home: '/',
  /** Where the app lands after signing out (not guarded). */
  signedOut: '/signed-out',
  auth: {
    callback: '/auth/callback',
    silentCallback: '/auth/silent-callback',
    popupCallback: '/auth/popup-callback',
  },
  /** An invitation's link (emailed): anyone signed in, with or without an organisation, may open it. */
  join: recordPath('/join', 'token'),
  account: {
    root: '/account',
    organisations: '/account/organisations',
  },
  scheduler: '/scheduler',
  /** A technician's day: their visits, on a phone. */
  today: '/today',
  jobs: {
    root: '/jobs',
    search: '/jobs/search',
    new: '/jobs/new',
    view: recordPath('/jobs', 'id'),
    edit: recordPath('/jobs', 'id', '/edit'),
  },
  sales: {
    root: '/sales',
    invoices: '/sales/invoices',
    invoicesSearch: '/sales/invoices/search',
    newInvoice: '/sales/invoices/new',
    invoice: recordPath('/sales/invoices', 'id'),
    editInvoice: recordPath('/sales/invoices', 'id', '/edit'),
    quotes: '/sales/quotes',
    quotesSearch: '/sales/quotes/search',
    /** `?customer={id}`: a new quote for that customer (the customer viewer's New quote). */
    newQuote: '/sales/quotes/new',
    quote: recordPath('/sales/quotes', 'id'),
    editQuote: recordPath('/sales/quotes', 'id', '/edit'),
  },
  reports: {
    /** Aged receivables: what each customer owes, by how long past due (`?asAt=` a date, else today). */
    receivables: '/reports/receivables',
  },
  customers: {
    root: '/customers',
    search: '/customers/search',
    new: '/customers/new',
    view: recordPath('/customers', 'id'),
    edit: recordPath('/customers', 'id', '/edit'),
    newLocation: recordPath('/customers', 'customerId', '/locations/new'),
  },
  locations: {
    view: recordPath('/locations', 'id'),
    edit: recordPath('/locations', 'id', '/edit'),
  },
  items: {
    root: '/items',
    new: '/items/new',
    view: recordPath('/items', 'id'),
    edit: recordPath('/items', 'id', '/edit'),
  },
  settings: {
    root: '/settings',
    organisation: '/settings/organisation',
    users: '/settings/users',
    taxes: '/settings/taxes',
    newTax: '/settings/taxes/new',
    tax: recordPath('/settings/taxes', 'id'),
    editTax: recordPath('/settings/taxes', 'id', '/edit'),
    technicians: '/settings/technicians',
    newTechnician: '/settings/technicians/new',
    technician: recordPath('/settings/technicians', 'id'),
    editTechnician: recordPath('/settings/technicians', 'id', '/edit'),
    templates: '/settings/templates',
    newTemplate: '/settings/templates/new',
    template: recordPath('/settings/templates', 'id'),
    editTemplate: recordPath('/settings/templates', 'id', '/edit'),
    outbox: '/settings/outbox',
    outboxMessage: recordPath('/settings/outbox', 'id'),
    accountingExport: '/settings/accounting-export',
  },
  errors: {
    serviceUnavailable: '/error/service-unavailable',
  },
} as const;

/** A path with a query string built from `params` (values are encoded; undefined ones are left out). */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
