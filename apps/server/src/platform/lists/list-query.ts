import {
  MATCH_ALL,
  MAX_SEARCH_BYTES,
  SearchSyntaxError,
  safeSearchQuery,
  searchBytes,
  searchTooLong,
} from '@fieldbook/domain';
import { SyntaxError as LiqeSyntaxError, type ParserAst, parse } from 'liqe';
import { dateRangesAsComparisons } from './date-ranges.ts';
import { invalidQuery } from './list-resource.ts';

export type { ListField, ListResource } from './list-resource.ts';
export { listQueryToSql } from './query-to-sql.ts';

/** The syntax tree of `q`, as liqe builds it; unquoted literal values are always the text the user typed. */
export type LiqeAst = ParserAst;

/** Bounds that keep one request's parse and SQL small; its length is the schema's, `MAX_SEARCH_BYTES`. */
export const MAX_QUERY_NESTING = 16;
export const MAX_QUERY_TERMS = 50;

/** Queries parsed lately, by their text: the same searches come again and again (a status, a customer's jobs). */
const parsed = new Map<string, LiqeAst>();
const PARSED_KEPT = 1000;

/**
 * Parses `q`; null means "everything" (absent, blank, `*`, or text with no words such as `&`). Text that is not
 * query syntax is searched as its words (`safeSearchQuery`: `O'Brien`, `James & Olivia`, `1/2"`); a real syntax
 * error (an unclosed quote or parenthesis, an operator without its term, a field without a value) or an unknown
 * field is a 400, never a 500. The last
 * thousand queries parsed are kept (the least recently used dropped first): liqe's parser took a third of the
 * server's time for a list of a week's jobs. The tree given is shared: read it, never change it.
 */
export function parseListQuery(q: string | undefined): LiqeAst | null {
  // Typed as text, but a repeated ?q=a&q=b reaches here as an array when a route forgets its schema.
  if (q !== undefined && typeof q !== 'string') throw invalidQuery('give q once, as text');
  const query = q?.trim() ?? '';
  if (query === '' || query === MATCH_ALL) return null;
  if (searchBytes(query) > MAX_SEARCH_BYTES) throw invalidQuery(searchTooLong);
  // PostgreSQL text cannot hold NUL: searching for one would be a database error.
  if (query.includes('\u0000')) throw invalidQuery('remove the NUL character');
  const kept = parsed.get(query);
  if (kept) {
    parsed.delete(query);
    parsed.set(query, kept);
    return kept;
  }
  let safe: string;
  try {
    safe = safeSearchQuery(query);
  } catch (error) {
    if (error instanceof SearchSyntaxError) throw invalidQuery(error.message);
    throw error;
  }
  // A quoted value's escapes are read again by liqe: \u0000 would be a NUL.
  if (/\\u0000/i.test(safe)) throw invalidQuery('remove the NUL character');
  if (safe === '' || safe === MATCH_ALL) return null;
  const liqeQuery = dateRangesAsComparisons(safe);
  let ast: ParserAst;
  try {
    ast = parse(liqeQuery);
  } catch (error) {
    throw invalidQuery(parseFailure(error, liqeQuery));
  }
  const counts = { terms: 0 };
  const tree = normalise(ast, liqeQuery, 0, counts);
  parsed.set(query, tree);
  if (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value as string);
  return tree;
}

/** liqe reports two failures without a position: input that ends mid-expression, and ambiguity. */
function parseFailure(error: unknown, query: string): string {
  if (error instanceof LiqeSyntaxError) {
    return `unexpected "${query.charAt(error.offset)}" at position ${error.offset + 1}`;
  }
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('Found no parsings')) {
    return 'incomplete (an unclosed quote or parenthesis, or AND/OR/NOT without a term on each side?)';
  }
  if (message.startsWith('Ambiguous')) return 'ambiguous; put values such as -12 in quotes';
  return 'could not be parsed';
}

/**
 * Copies the tree while enforcing the limits, and gives numbers, `true`, `false` and `null` back as the
 * text the user typed: `number:007` must stay "007" when the field is text. liqe's token end is computed
 * from the converted number, so the raw text is re-read from the token start.
 */
function normalise(node: ParserAst, query: string, nesting: number, counts: { terms: number }): ParserAst {
  if (nesting > MAX_QUERY_NESTING) throw invalidQuery(`nested deeper than ${MAX_QUERY_NESTING} levels`);
  switch (node.type) {
    case 'EmptyExpression':
      throw invalidQuery('empty parentheses');
    case 'ParenthesizedExpression':
      return { ...node, expression: normalise(node.expression, query, nesting + 1, counts) };
    case 'UnaryOperator':
      return { ...node, operand: normalise(node.operand, query, nesting + 1, counts) };
    case 'LogicalExpression':
      return {
        ...node,
        left: normalise(node.left, query, nesting, counts),
        right: normalise(node.right, query, nesting, counts),
      };
    case 'Tag': {
      counts.terms += 1;
      if (counts.terms > MAX_QUERY_TERMS) throw invalidQuery(`more than ${MAX_QUERY_TERMS} terms`);
      const { expression } = node;
      const label = node.field.type === 'Field' ? node.field.name : 'search term';
      if (expression.type === 'RegexExpression') throw invalidQuery('regular expressions are not supported');
      if (expression.type === 'EmptyExpression') throw invalidQuery(`${label}: needs a value`);
      if (
        expression.type !== 'LiteralExpression' ||
        expression.quoted ||
        typeof expression.value === 'string'
      ) {
        return node;
      }
      let value = String(expression.value);
      if (typeof expression.value === 'number') {
        const raw = /^-?\d+(\.\d+)?/.exec(query.slice(expression.location.start))?.[0];
        if (raw !== undefined && Number(raw) === expression.value) value = raw;
      }
      return { ...node, expression: { ...expression, value } };
    }
  }
}
