import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ALL_STATUSES, NUMBER_BLOCK } from '../platform/db/columns.ts';
import type { Db } from '../platform/db/database.ts';
import { inTenant } from '../platform/db/tenant-scope.ts';
import type { NumberedList } from '../platform/lists/numbered-lists.ts';
import type { ListPage } from '../platform/lists/paged-list.ts';
import { parsePage } from '../platform/lists/pagination.ts';
import { readListIn } from '../platform/lists/read-list.ts';
import type { ApiClient } from './api-client.ts';

/**
 * A tenant's records counted per status and block of numbers, and per block in all statuses (`ALL_STATUSES`),
 * straight from `table` (`status`, `block`, `count`, ordered): what its kept counts per block must hold.
 */
export const blocksCounted = (table: 'jobs' | 'invoices', tenantId: string) => {
  const block = sql`number / ${sql.raw(String(NUMBER_BLOCK))}`;
  return sql`select coalesce(status, ${ALL_STATUSES}) as status, ${block} as block, count(*)::int as count
    from ${sql.identifier(table)} where tenant_id = ${tenantId}
    group by ${block}, grouping sets (status, ()) order by 1, 2`;
};

/**
 * Reads the list `path?q=` whole (one page of 1000), then every page of it at each of `sizes`, from the first to
 * one past the last, and expects each page to hold exactly the whole list's records at that place, with its
 * `Total-Count` and a `last` link to the last page. Pages past the middle are read from the far end
 * (`pageRead`), so this holds them to the rows read forwards. Gives the whole list's ids.
 */
export async function expectPagesOfTheWhole(
  api: ApiClient,
  path: string,
  q: string,
  sizes: readonly number[],
): Promise<string[]> {
  const url = (more: string) => `${path}?q=${encodeURIComponent(q)}${more}`;
  const whole = await api.get(url('&s=1000'));
  expect(whole.statusCode, whole.body).toBe(200);
  const ids = (whole.json() as { id: string }[]).map((record) => record.id);
  expect(whole.headers['total-count'], q).toBe(String(ids.length));
  for (const size of sizes) {
    const last = Math.max(1, Math.ceil(ids.length / size));
    for (let p = 1; p <= last + 1; p++) {
      const response = await api.get(url(`&p=${p}&s=${size}`));
      const at = `${q}, page ${p} of ${size}`;
      expect(response.statusCode, at).toBe(200);
      expect(
        (response.json() as { id: string }[]).map((record) => record.id),
        at,
      ).toEqual(ids.slice((p - 1) * size, p * size));
      expect(response.headers['total-count'], at).toBe(String(ids.length));
      expect(response.headers.link, at).toContain(`p=${last}&s=${size}>; rel="last"`);
    }
  }
  return ids;
}

/**
 * A word's page is sorted up to FEW_MATCHES matches and walked newest first past them (`wordPageSql`). With none
 * sorted (`sortedUpTo: 0`), a few matches are walked: for each word, the first two pages of `size` and the last
 * must hold the records the sorted read gives (and some), with the same total.
 */
export async function expectWalkedAsSorted<T extends { number: number }>(
  db: Db,
  tenantId: string,
  list: NumberedList<T>,
  words: readonly string[],
  size: number,
): Promise<void> {
  const walking = { ...list, word: { ...list.word, sortedUpTo: 0 } };
  const numbersOf = (page: ListPage<T>) => page.rows.map((row) => row.number);
  const pageOf = (q: string, p: number, of: NumberedList<T>) =>
    inTenant(db, tenantId, (tx) =>
      readListIn(tx, tenantId, { q, page: parsePage({ p: String(p), s: String(size) }, { size: 10 }) }, of),
    );
  for (const q of words) {
    const { total } = await pageOf(q, 1, list);
    const last = Math.ceil(total / size);
    expect(last, `${q}: pages enough to read the last from the far end`).toBeGreaterThan(1);
    for (const p of new Set([1, 2, last - 1, last])) {
      const sorted = await pageOf(q, p, list);
      const walked = await pageOf(q, p, walking);
      expect(walked.total, `${q} p${p}`).toBe(total);
      expect(numbersOf(sorted).length, `${q} p${p}`).toBeGreaterThan(0);
      expect(numbersOf(walked), `${q} p${p}`).toEqual(numbersOf(sorted));
    }
  }
}

/**
 * Pages at least a block of numbers (`NUMBER_BLOCK`) from both ends of the whole list or of one status are found
 * from the kept counts per block (`numbersFromBlock`). For each `q` (`*` or `status:…`) and two page sizes (one
 * that divides a block, one that does not), the pages on both sides of every block's edge, the first and last
 * pages so far from the ends, and the middle page must hold the numbers an OFFSET over `table` gives, in order,
 * with the list's `Total-Count`; so must a page either side of the rule.
 */
export async function expectPagesFromBlocks(
  api: ApiClient,
  db: Db,
  { path, table, tenantId }: { path: string; table: 'jobs' | 'invoices'; tenantId: string },
  queries: readonly string[],
): Promise<void> {
  for (const q of queries) {
    const status = q === '*' ? undefined : q.replace(/^status:/, '');
    const rows = (await db.execute(sql`select number from ${sql.identifier(table)}
      where tenant_id = ${tenantId} and (${status ?? null}::text is null or status = ${status ?? null})
      order by number desc`)) as unknown as { rows: { number: number }[] };
    const all = rows.rows.map((row) => Number(row.number));
    expect(all.length, `${q}: enough records for pages a block from both ends`).toBeGreaterThan(
      2 * NUMBER_BLOCK + 100,
    );
    const blockOf = (index: number) => Math.floor((all[index] ?? 0) / NUMBER_BLOCK);
    const edges = all.flatMap((_, index) =>
      index > 0 && blockOf(index) !== blockOf(index - 1) ? [index] : [],
    );
    for (const size of [100, 37]) {
      const pageAt = (index: number) => Math.floor(index / size) + 1;
      // A block's first and last pages, the middle of each block, and the middle of the list.
      const middles = edges.map((index, i) => Math.floor((index + (edges[i + 1] ?? all.length)) / 2));
      const far = [NUMBER_BLOCK, all.length - NUMBER_BLOCK - size, Math.floor(all.length / 2), ...middles];
      const pages = new Set([
        ...edges.flatMap((index) => [pageAt(index) - 1, pageAt(index)]),
        ...far.flatMap((index) => [pageAt(index) - 1, pageAt(index), pageAt(index) + 1]),
      ]);
      for (const p of pages) await expectPageOfNumbers(api, path, q, { p, size }, all);
    }
  }
}

/** Page `p` of `size` of `path?q=` must hold those of `all` (the numbers it matches, in order) and their total. */
export async function expectPageOfNumbers(
  api: ApiClient,
  path: string,
  q: string,
  { p, size }: { p: number; size: number },
  all: readonly number[],
): Promise<void> {
  const response = await api.get(`${path}?q=${encodeURIComponent(q)}&p=${p}&s=${size}`);
  const at = `${q}, page ${p} of ${size}`;
  expect(response.statusCode, at).toBe(200);
  expect(
    (response.json() as { number: number }[]).map((record) => record.number),
    at,
  ).toEqual(all.slice((p - 1) * size, p * size));
  expect(response.headers['total-count'], at).toBe(String(all.length));
}
