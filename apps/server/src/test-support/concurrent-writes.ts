import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A request to send, and the status it must be answered with. */
export type Write = [expected: number, send: () => Promise<LightMyRequestResponse>];

/**
 * Sends every write before any is answered, their kinds interleaved (every fifth from the first, then from the
 * second, …), and expects each to be answered with its status; any that is not is shown with its body. On
 * PostgreSQL their transactions overlap on as many connections as the pool has; on PGlite they take turns.
 */
export async function sendAllAtOnce(writes: readonly Write[]): Promise<void> {
  const order = writes.map((_, index) => index).sort((x, y) => (x % 5) - (y % 5) || x - y);
  const answered = await Promise.all(
    order.map(async (index) => {
      const [expected, send] = writes[index] as Write;
      const response = await send();
      return { expected, status: response.statusCode, body: response.body.slice(0, 300) };
    }),
  );
  expect(answered.filter(({ expected, status }) => status !== expected)).toEqual([]);
}

/** A rename of a customer or location as it was read (`updated`), to send with other writes. */
export const renameWrite = (
  client: { put: (path: string, body: object) => Promise<LightMyRequestResponse> },
  kind: 'customers' | 'locations',
  record: { id: string; updated: string } | undefined,
  name: string,
): Write => [200, () => client.put(`/api/${kind}/${record?.id}`, { ...record, name })];
