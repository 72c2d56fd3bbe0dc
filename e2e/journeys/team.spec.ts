import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { outboxMessageTo } from './outbox.ts';
import { openSignedInWithApi } from './page-api.ts';
import { anotherAddress, openSignedIn } from './sign-in.ts';

// The team of the demo organisation (Harbourside Plumbing & Gas). The e2e server runs with no mail server, so
// every email waits in Settings › Outbox, which is where these journeys read the invitation links from.

const unique = () => randomBytes(3).toString('hex');

const joinLink = (text: string) => /http:\/\/localhost:\d+\/join\/[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? '';

/** An Owner invites `email` as `role` from Settings › Users; the link the outbox holds for it. */
async function invite(page: Page, email: string, role: 'Office' | 'Technician', technician?: string) {
  await page.goto('/settings/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: role });
  if (technician) await dialog.getByLabel('Technician').selectOption({ label: technician });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByText('Invitation saved. No mail server is set up, so its email waits in the Outbox.'),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Invited');
  const body = await outboxMessageTo(page, email);
  expect(body).toContain(`as ${role}`);
  const link = joinLink(body);
  expect(link).not.toBe('');
  return link;
}

/**
 * A new person opens the link in a browser of their own, from an address of their own (as they would, so the
 * sign-up throttle does not count them with everyone else's journeys), signs up and joins.
 */
async function signUpThroughLink(browser: Browser, link: string, person: { name: string; email: string }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: anotherAddress(),
  });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Join Harbourside Plumbing & Gas as / }),
  ).toBeVisible();
  await checkScreen(page, 'the invitation page');
  await page.getByRole('button', { name: 'Join organisation' }).click();
  await expect(page.getByText('Now working in Harbourside Plumbing & Gas.')).toBeVisible();
  return { page, context };
}

test('an Owner invites an Office user and a Technician; each signs up through the link and sees what their role allows', async ({
  page,
  browser,
}) => {
  test.slow(); // two invitations and two new accounts
  const suffix = unique();
  const office = { name: `Siobhan O'Reilly ${suffix}`, email: `siobhan-${suffix}@example.test` };
  const tech = { name: `Tomás & Co ${suffix}`, email: `tomas-${suffix}@example.test` };
  await openSignedIn(page, '/settings/users');
  await expect(page.getByRole('row').filter({ hasText: 'office@fieldbook.example' })).toContainText('Office');
  await checkScreen(page, 'the users page');
  const officeLink = await invite(page, office.email, 'Office');
  await checkScreen(page, 'an outbox message');
  const techLink = await invite(page, tech.email, 'Technician', 'SE03 Chatswood');

  // The Office user: the office's screens, but not the Users screen nor the outbox.
  const asOffice = await signUpThroughLink(browser, officeLink, office);
  await asOffice.page.setViewportSize({ width: 1440, height: 900 });
  const officeNav = asOffice.page.getByRole('navigation', { name: 'Main' });
  await expect(officeNav.getByRole('link', { name: 'Invoices' })).toBeVisible();
  await expect(officeNav.getByRole('link', { name: 'Scheduler' })).toBeVisible();
  await asOffice.page.goto('/settings');
  await expect(asOffice.page.getByRole('main').getByRole('link', { name: 'Templates' })).toBeVisible();
  await expect(asOffice.page.getByRole('main').getByRole('link', { name: 'Users' })).toHaveCount(0);
  await asOffice.page.goto('/settings/users');
  await expect(
    asOffice.page.getByText('Insufficient permissions. Please contact your administrator.'),
  ).toBeVisible();
  await asOffice.context.close();

  // The Technician: their technician's jobs, and no invoices, customers or settings.
  const asTech = await signUpThroughLink(browser, techLink, tech);
  const techPage = asTech.page;
  // Their home is their day; going there closes an open menu, so the menu is opened once it has arrived.
  await expect(techPage.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(techPage).toHaveURL(/\/today$/);
  await techPage.getByRole('button', { name: 'Menu' }).click();
  const techNav = techPage.getByRole('navigation', { name: 'Main' });
  await expect(techNav.getByRole('link', { name: 'Jobs' })).toBeVisible();
  for (const hidden of ['Invoices', 'Quotes', 'Customers', 'Scheduler', 'Settings'])
    await expect(techNav.getByRole('link', { name: hidden })).toHaveCount(0);
  await techPage.goto('/sales/invoices');
  await expect(
    techPage.getByText('Insufficient permissions. Please contact your administrator.'),
  ).toBeVisible();
  await checkScreen(techPage, "a technician's refused screen");
  await asTech.context.close();

  // The Owner sees both as active members.
  await page.goto('/settings/users');
  await expect(page.getByRole('row').filter({ hasText: office.email })).toContainText('Active');
  await expect(page.getByRole('row').filter({ hasText: tech.email })).toContainText('SE03 Chatswood');
});

test('a technician sees and works only their own jobs', async ({ page }) => {
  // tech1 works as SE01 Surry Hills: a job of SE01's made through the API shows, with only status and lines to change.
  const owner = await openSignedInWithApi(page, '/jobs');
  const [se01, se02] = (await owner.get('/api/technicians?q=retired:false')) as {
    id: string;
    name: string;
  }[];
  const customer = await owner.post('/api/customers/', { name: `Ngaio & Rua's Café ${unique()}` });
  const location = await owner.post('/api/locations/', {
    customer: { id: customer.id },
    name: 'Kitchen',
    suburb: 'Surry Hills',
    state: 'NSW',
    postcode: '2010',
    country: 'Australia',
  });
  const [priority] = (await owner.get('/api/job-priorities')) as { id: string }[];
  const [territory] = (await owner.get('/api/territories')) as { id: string }[];
  const newJob = (assignee: string | undefined, reference: string) =>
    owner.post('/api/jobs/', {
      customer: { id: customer.id },
      location: { id: location.id },
      priority: { id: priority?.id },
      territory: { id: territory?.id },
      assignee,
      reference,
    }) as Promise<{ id: string; number: number }>;
  const mine = await newJob(se01?.id, `Leaking tap ${unique()}`);
  const theirs = await newJob(se02?.id, `Blocked drain ${unique()}`);

  const context = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 390, height: 844 } });
  if (!context) throw new Error('no browser');
  const tech = await context.newPage();
  await openSignedIn(tech, `/jobs/${mine.id}`, {
    email: 'tech1@fieldbook.example',
    password: 'fieldbook-demo',
  });
  await expect(
    tech.getByRole('heading', { level: 1, name: new RegExp(`^Job ${mine.number}`) }),
  ).toBeVisible();
  await expect(tech.getByRole('link', { name: /Ngaio/ })).toHaveCount(0);
  await checkScreen(tech, "a technician's job");

  await tech.goto(`/jobs/${theirs.id}`);
  await expect(tech.getByText('Job not found.')).toBeVisible();
  await context.close();
});

test('an invoice is emailed from its viewer: it shows as Sent with the send recorded, and the outbox holds the message and its PDF', async ({
  page,
}) => {
  const owner = await openSignedInWithApi(page, '/sales/invoices');
  const suffix = unique();
  const customer = await owner.post('/api/customers/', {
    name: `O'Brien & Sons Plumbing ${suffix}`,
    billingEmail: `accounts-${suffix}@obrien.example`,
  });
  const invoice = (await owner.post('/api/sales/invoices/', {
    customer: { id: customer.id },
    date: '2026-11-25',
    due: '2026-12-09',
    lineItems: [{ description: 'Replace hot water unit', quantity: '1', price: '1234.5' }],
  })) as { id: string; number: number };

  await page.goto(`/sales/invoices/${invoice.id}`);
  await expect(page.getByRole('row', { name: 'Status Draft' })).toBeVisible();
  await expect(page.getByText('Not emailed yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Email invoice ${invoice.number}` });
  await expect(dialog.getByLabel(/^To/)).toHaveValue(`accounts-${suffix}@obrien.example`);
  await expect(dialog.getByLabel(/^Subject/)).toHaveValue(
    `Invoice ${invoice.number} from Harbourside Plumbing & Gas`,
  );
  await expect(dialog.getByLabel(/^Message/)).toHaveValue(
    /for \$1,234\.50, due on Wednesday 9 December 2026/,
  );
  await checkScreen(page, 'the email dialog');

  // A bad address is refused on its field, and nothing is sent.
  await dialog.getByLabel(/^To/).fill('accounts at obrien');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Enter a valid email address, such as name@example.com.')).toBeVisible();
  await dialog.getByLabel(/^To/).fill(`accounts-${suffix}@obrien.example`);
  await dialog
    .getByLabel(/^Message/)
    .fill(`Hi Siobhan,\n\nInvoice ${invoice.number} attached — thanks & cheers.`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText(
      `Invoice ${invoice.number} is ready to go to accounts-${suffix}@obrien.example. No mail server is set up, so the email waits in the Outbox.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: 'Status Sent' })).toBeVisible();
  const sends = page.getByRole('region', { name: 'Emails' });
  await expect(sends).toContainText(`To accounts-${suffix}@obrien.example`);
  await expect(sends).toContainText('by Dana Demo');
  await expect(sends).toContainText('Waiting to send');
  await checkScreen(page, 'an invoice with its send');

  const body = await outboxMessageTo(page, `accounts-${suffix}@obrien.example`);
  expect(body).toContain('thanks & cheers');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: new RegExp(`invoice-${invoice.number}\\.pdf`) }).click();
  const path = await (await download).path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', [path, '-']).toString().replace(/\s+/g, ' ');
  expect(text).toContain(`O'Brien & Sons Plumbing ${suffix}`);
  expect(text).toContain('$1,234.50');
  expect(text).not.toContain('Draft');
});
