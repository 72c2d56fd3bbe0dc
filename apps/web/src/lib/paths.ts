/** Every route of the app, in one place; links use these instead of string literals. */
export const paths = {
  home: '/',
  auth: {
    callback: '/auth/callback',
    silentCallback: '/auth/silent-callback',
    popupCallback: '/auth/popup-callback',
  },
  account: {
    root: '/account',
    organisations: '/account/organisations',
  },
  scheduler: '/scheduler',
  jobs: {
    root: '/jobs',
    search: '/jobs/search',
  },
  sales: {
    root: '/sales',
    invoices: '/sales/invoices',
    invoicesSearch: '/sales/invoices/search',
  },
  customers: {
    root: '/customers',
    search: '/customers/search',
  },
  items: {
    root: '/items',
  },
  settings: {
    root: '/settings',
    organisation: '/settings/organisation',
    users: '/settings/users',
    taxes: '/settings/taxes',
    templates: '/settings/templates',
  },
  errors: {
    serviceUnavailable: '/error/service-unavailable',
  },
} as const;
