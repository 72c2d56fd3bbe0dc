import type { ListPage } from './api-client';

/** A list's count as the server reported it: exact, or at least `total` (a free-text search past 1,000). */
export type ListCount = Pick<ListPage<unknown>, 'total' | 'atLeast'>;

/** The count as the app writes numbers (en-AU): '47', '1,000', or '1,000+' when there are at least that many. */
export function countText({ total, atLeast }: ListCount): string {
  return `${total.toLocaleString('en-AU')}${atLeast ? '+' : ''}`;
}

/** What a list holds, in words: '1 customer', '47 customers', '1,000+ customers'. */
export function countOf(count: ListCount, [one, other]: readonly [one: string, other: string]): string {
  return `${countText(count)} ${count.total === 1 && !count.atLeast ? one : other}`;
}
