// A client written only against the types openapi-typescript generates from the served OpenAPI document
// (apps/server/src/platform/http/openapi.api.test.ts generates them, then type-checks this file). If the document
// loses its operation names, list headers, error schema or request bodies, this stops compiling.
import type { components, operations } from './generated/api.d.ts';

type ListCustomers = operations['listCustomers'];
type Customer = ListCustomers['responses'][200]['content']['application/json'][number];
type ApiError = components['schemas']['Error'];
type CustomerSave = operations['updateCustomer']['requestBody']['content']['application/json'];

export interface Page<T> {
  rows: T[];
  total: number;
  next: string | undefined;
}

/** One page of customers: the array body and its Total-Count and Link headers. */
export async function listCustomers(
  baseUrl: string,
  token: string,
  query: NonNullable<ListCustomers['parameters']['query']>,
): Promise<Page<Customer>> {
  const response = await fetch(`${baseUrl}/api/customers?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw await failure(response);
  const headers: ListCustomers['responses'][200]['headers'] = {
    'Total-Count': response.headers.get('Total-Count') ?? '0',
    Link: response.headers.get('Link') ?? '',
  };
  const next = /<([^>]*)>;\s*rel="next"/.exec(headers.Link ?? '')?.[1];
  return { rows: (await response.json()) as Customer[], total: Number(headers['Total-Count']), next };
}

/** Saves a customer over the version read; a 409 comes back as the API's error body. */
export async function saveCustomer(baseUrl: string, token: string, customer: Customer): Promise<Customer> {
  const body: CustomerSave = {
    name: customer.name,
    billingEmail: customer.billingEmail,
    updated: customer.updated,
  };
  const response = await fetch(`${baseUrl}/api/customers/${customer.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as operations['updateCustomer']['responses'][200]['content']['application/json'];
}

async function failure(response: Response): Promise<Error> {
  const body = (await response.json()) as ApiError;
  const conflict: ApiError['error'] = 'CONFLICT';
  const fields = body.fieldErrors.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
  return new Error(
    body.error === conflict ? `Reload and save again: ${body.message}` : `${body.message} ${fields}`,
  );
}
