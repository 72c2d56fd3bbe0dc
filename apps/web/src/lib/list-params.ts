import { MATCH_ALL, MAX_PAGE_SIZE } from '@fieldbook/domain';

/** The state of a list screen, kept in its URL: query, page (from 1) and page size. */
export interface ListParams {
  q: string;
  p: number;
  s: number;
}

function wholeNumber(text: string | null, fallback: number, max: number): number {
  if (text === null || !/^\d{1,7}$/.test(text.trim())) return fallback;
  const value = Number(text.trim());
  return value >= 1 && value <= max ? value : fallback;
}

/** Reads q, p and s from a list URL; anything missing or invalid takes the screen's default. */
export function readListParams(search: URLSearchParams, defaultSize: number): ListParams {
  const q = search.get('q')?.trim() || MATCH_ALL;
  return {
    q,
    p: wholeNumber(search.get('p'), 1, Number.MAX_SAFE_INTEGER),
    s: wholeNumber(search.get('s'), defaultSize, MAX_PAGE_SIZE),
  };
}

/** The API path of a list request: `/customers?q=…&p=…&s=…`. */
export function listRequestPath(resource: string, { q, p, s }: ListParams): string {
  return `${resource}?${new URLSearchParams({ q, p: String(p), s: String(s) })}`;
}
