import { apiMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { templateRoutes } from './routes';
import { template } from './template-fixtures';

const api = installFakeApi();

const summary = ({ id, name, document, type, default: isDefault } = template()) => ({
  id,
  name,
  document,
  type,
  default: isDefault,
});

describe('TemplateListPage', () => {
  it('lists each name as a link to its template, with its document and type, the defaults marked', async () => {
    const taxInvoice = template({ name: 'Tax invoice', default: true });
    const jobSheet = template({ name: 'Job sheet', document: 'job', default: true });
    const quote = template({ name: 'Quote', document: 'quote', default: true });
    const plain = template();
    api.handle = () => jsonResponse([plain, quote, taxInvoice, jobSheet].map(summary), { total: 4 });
    renderRoutes(templateRoutes, { route: '/settings/templates' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Templates' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Templates' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Document', 'Type']);
    expect(within(table).getByRole('row', { name: 'Plain invoice invoice typst' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Tax invoice Default invoice typst' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Job sheet Default job typst' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Quote Default quote typst' })).toBeInTheDocument();
    expect(within(table).getAllByText('Default')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Tax invoice' })).toHaveAttribute(
      'href',
      `/settings/templates/${taxInvoice.id}`,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(crumbs).getByText('Templates')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'New template' })).toHaveAttribute(
      'href',
      '/settings/templates/new',
    );
    expect(api.paths()).toEqual(['/templates?q=*&p=1&s=100']);
  });

  it("says 'No templates found.' when there are none", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderRoutes(templateRoutes, { route: '/settings/templates' });

    expect(await screen.findByText('No templates found.')).toBeInTheDocument();
  });

  it('a 403 says the permissions are insufficient', async () => {
    api.handle = () => errorResponse('FORBIDDEN', 'You are not a member of this organisation.');
    renderRoutes(templateRoutes, { route: '/settings/templates' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Insufficient permissions. Please contact your administrator.',
    );
  });
});

describe('TemplateViewPage', () => {
  it('shows the name as the heading, Edit, and the body as written, under Home › Settings › Templates', async () => {
    const taxInvoice = template({ name: 'Tax invoice', default: true });
    api.handle = () => jsonResponse(taxInvoice);
    renderRoutes(templateRoutes, { route: `/settings/templates/${taxInvoice.id}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/settings/templates/${taxInvoice.id}/edit`,
    );
    // Preformatted: line breaks and all, as written.
    const body = screen.getByRole('region', { name: 'Body' }).querySelector('pre');
    expect(body?.textContent).toBe(taxInvoice.body);
    expect(screen.getByRole('row', { name: 'Document invoice' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Type typst' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Default Yes: invoices are made with it' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Settings', 'Templates']);
    expect(within(crumbs).getByRole('link', { name: 'Templates' })).toHaveAttribute(
      'href',
      '/settings/templates',
    );
    expect(within(crumbs).getByText('Tax invoice')).toHaveAttribute('aria-current', 'page');
  });

  it('says which records a default quote template makes', async () => {
    const quote = template({ name: 'Quote', document: 'quote', default: true, body: '= Quote' });
    api.handle = () => jsonResponse(quote);
    renderRoutes(templateRoutes, { route: `/settings/templates/${quote.id}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Quote' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Document quote' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Default Yes: quotes are made with it' })).toBeInTheDocument();
  });

  it("a template that does not exist shows the server's message", async () => {
    api.handle = () => errorResponse('NOT_FOUND', apiMessages.notFound('template'));
    renderRoutes(templateRoutes, { route: `/settings/templates/${template().id}` });

    expect(await screen.findByRole('alert')).toHaveTextContent('Template not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Template' })).toBeInTheDocument();
  });
});
