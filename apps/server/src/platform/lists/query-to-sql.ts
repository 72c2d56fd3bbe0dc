import { isUuid, searchWords } from '@fieldbook/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ComparisonOperatorToken, LiteralExpressionToken, ParserAst, TagToken } from 'liqe';
import {
  escapeLike,
  escapeRegex,
  fixedValue,
  literalText,
  numberInRange,
  numberValue,
  type TextTerm,
  type TimestampValue,
  textTerm,
  timestampValue,
} from './field-values.ts';
import { invalidQuery, type ListField, type ListResource } from './list-resource.ts';

type ComparisonOperator = ComparisonOperatorToken['operator'];

/**
 * Turns a parsed `q` into a WHERE fragment. Every user value becomes a bound parameter; only column
 * references and fixed SQL text are written into the statement.
 */
export function listQueryToSql(ast: ParserAst | null, resource: ListResource): SQL | undefined {
  if (ast === null || ast.type === 'EmptyExpression') return undefined;
  return nodeToSql(ast, resource);
}

function nodeToSql(node: ParserAst, resource: ListResource): SQL {
  switch (node.type) {
    case 'EmptyExpression':
      throw invalidQuery('empty parentheses');
    case 'ParenthesizedExpression':
      return nodeToSql(node.expression, resource);
    case 'UnaryOperator':
      // coalesce: NOT over a NULL column (a customer without email) must match, not vanish.
      return sql`not coalesce(${nodeToSql(node.operand, resource)}, false)`;
    case 'LogicalExpression': {
      const operator = node.operator.operator;
      const parts = operands(node, operator).map((operand) => nodeToSql(operand, resource));
      return sql`(${sql.join(parts, operator === 'AND' ? sql` and ` : sql` or `)})`;
    }
    case 'Tag':
      return tagToSql(node, resource);
  }
}

/** `a b c` arrives as ((a AND b) AND c); one flat list keeps the SQL readable. */
function operands(node: ParserAst, operator: 'AND' | 'OR'): ParserAst[] {
  const inner = node.type === 'ParenthesizedExpression' ? node.expression : node;
  if (inner.type === 'LogicalExpression' && inner.operator.operator === operator) {
    return [...operands(inner.left, operator), ...operands(inner.right, operator)];
  }
  return [node];
}

function tagToSql(tag: TagToken, resource: ListResource): SQL {
  const label = tag.field.type === 'Field' ? tag.field.name : 'search term';
  const { expression } = tag;
  if (expression.type === 'RegexExpression') throw invalidQuery('regular expressions are not supported');
  if (expression.type === 'EmptyExpression') throw invalidQuery(`${label}: needs a value`);
  if (tag.field.type === 'ImplicitField') {
    if (expression.type === 'RangeExpression') {
      throw invalidQuery('a range needs a field, e.g. price:[1 TO 5]');
    }
    return searchSql(expression, resource);
  }
  const field = Object.hasOwn(resource.fields, label) ? resource.fields[label] : undefined;
  if (field === undefined) {
    const allowed = Object.keys(resource.fields).join(', ') || 'none';
    throw invalidQuery(`unknown field "${label}"; allowed fields: ${allowed}`);
  }
  const operator = tag.operator.operator;
  const present = expression.type === 'LiteralExpression' && !expression.quoted && expression.value === '*';
  if (present && isEquality(operator)) return presentSql(field);

  switch (field.kind) {
    case 'text':
      return textFieldSql(field, tag, label);
    case 'exact':
      return exactFieldSql(field, tag, label);
    case 'number': {
      if (expression.type === 'RangeExpression') {
        if (operator !== ':') throw invalidQuery(`${label}: write a range as ${label}:[1 TO 5]`);
        const { minInclusive, maxInclusive } = expression.range;
        const integer = field.integer === true;
        const min = numberInRange(expression.range.min, label, integer);
        const max = numberInRange(expression.range.max, label, integer);
        const low = minInclusive ? sql`>=` : sql`>`;
        const high = maxInclusive ? sql`<=` : sql`<`;
        return sql`(${field.column} ${low} ${min} and ${field.column} ${high} ${max})`;
      }
      return sql`${field.column} ${comparison(operator)} ${numberValue(expression, label, field.integer)}`;
    }
    case 'flag': {
      const value = expression.type === 'LiteralExpression' ? literalText(expression).toLowerCase() : '';
      if (!isEquality(operator) || (value !== 'true' && value !== 'false'))
        throw invalidQuery(`${label}: write ${label}:true or ${label}:false`);
      return value === 'true' ? sql`(${field.when})` : sql`not (${field.when})`;
    }
    case 'timestamp':
      if (expression.type === 'RangeExpression') {
        throw invalidQuery(`${label}: use ${label}:>=2024-01-01 AND ${label}:<2024-02-01 for a date range`);
      }
      return timestampSql(field.column, operator, timestampValue(expression, label));
  }
}

const isEquality = (operator: ComparisonOperator) => operator === ':' || operator === ':=';

const comparisons: Record<ComparisonOperator, SQL> = {
  ':': sql`=`,
  ':=': sql`=`,
  ':>': sql`>`,
  ':>=': sql`>=`,
  ':<': sql`<`,
  ':<=': sql`<=`,
};
const comparison = (operator: ComparisonOperator) => comparisons[operator];

/** `field:*`: the field has a value; for text an empty string counts as no value. */
function presentSql(field: ListField): SQL {
  if (field.kind === 'flag') return sql`true`;
  if (field.kind === 'text') return sql`(${field.column} is not null and ${field.column} <> '')`;
  return sql`${field.column} is not null`;
}

/**
 * The condition of a term on a text's search words (`words`: ' obrien sons plumbing ', as `search_words` writes
 * them; docs/api.md, "How text is split into words"): the term's words one after another, the last matching the
 * start of a word (`wil` finds Wilson, `cu-15` PL-CU-15, `15mm` "15 mm" but not "150 mm"), or whole in a phrase
 * (`"hot water"`); a `*` inside a word is any letters (`w*son`). `whole`: the words are the whole value
 * (`field:=…`). A term with no words (`"&"`) matches everything. Served by the words column's trigram index.
 * An exact count of a common word's matches through them cost 16–20 ms of PostgreSQL's time at 100,000
 * customers: `COUNTED_UP_TO` bounds it.
 */
export function matchWords(words: SQLWrapper, term: TextTerm, whole = false): SQL {
  const last = term.phrase || whole ? ' ' : '';
  if (!term.text.includes('*')) {
    const found = searchWords(term.text);
    if (found.length === 0) return sql`true`;
    if (whole) return sql`${words} = ${` ${found.join(' ')} `}`;
    const sequence = ` ${found.join(' ')}${last}`;
    // The index is asked for the longest word anywhere (its trigrams only: the ones that start a word, "  s",
    // " sm", are in most rows), and the rows it gives are checked for the words from their start.
    const longest = found.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length < 3) return sql`${words} like ${`%${sequence}%`}`;
    return sql`(${words} like ${`%${longest}%`} and strpos(${words}, ${sequence}) > 0)`;
  }
  const pattern = term.text
    .split('*')
    .map((part) => searchWords(part).map(escapeRegex).join(' '))
    .join('[^ ]*');
  return sql`${words} ~ ${`${whole ? '^' : ''} ${pattern}${last}`}`;
}

/** `matchWords` on a column whose words are made as it is read (a short list's: no index serves it). */
export const matchText = (column: SQLWrapper, term: TextTerm, whole = false): SQL =>
  matchWords(sql`search_words(${column})`, term, whole);

/** Bare words and phrases: a match in any of the resource's searchable columns or matches. */
function searchSql(literal: LiteralExpressionToken, resource: ListResource): SQL {
  if (!literal.quoted && literalText(literal) === '*') return sql`true`;
  const term = textTerm(literal, 'search term', true);
  if (resource.searchable.length === 0) {
    throw invalidQuery('this list has no free-text search; use field:value');
  }
  const matches = resource.searchable.flatMap((target) => {
    const match = typeof target === 'function' ? target(term) : matchText(target, term);
    return match ? [match] : [];
  });
  const [only] = matches;
  if (!only) return sql`false`;
  return matches.length === 1 ? only : sql`(${sql.join(matches, sql` or `)})`;
}

function requireLiteral(tag: TagToken, label: string, kind: string): LiteralExpressionToken {
  const { expression, operator } = tag;
  if (!isEquality(operator.operator)) {
    throw invalidQuery(`${label} is ${kind}; comparisons such as ${operator.operator} are not supported`);
  }
  if (expression.type !== 'LiteralExpression') {
    throw invalidQuery(`${label} is ${kind}; ranges are not supported`);
  }
  return expression;
}

function textFieldSql(field: Extract<ListField, { kind: 'text' }>, tag: TagToken, label: string): SQL {
  const term = textTerm(requireLiteral(tag, label, 'text'), label, true);
  // name:=Acme is the whole value's words.
  const whole = tag.operator.operator === ':=' && !term.prefix;
  return field.words ? matchWords(field.words, term, whole) : matchText(field.column, term, whole);
}

function exactFieldSql(field: Extract<ListField, { kind: 'exact' }>, tag: TagToken, label: string): SQL {
  const term = textTerm(requireLiteral(tag, label, 'matched exactly'), label, false);
  if (term.prefix) {
    // ::text so the same prefix works on uuid and enum columns (uuids print in lower case); the
    // parentheses keep the cast on the whole column expression.
    const text = field.uuid ? term.text.toLowerCase() : term.text;
    return sql`(${field.column})::text like ${`${escapeLike(text)}%`}`;
  }
  if (field.uuid && !isUuid(term.text)) throw invalidQuery(`${label} expects a UUID, got "${term.text}"`);
  const { values, names } = field;
  const value = values ? fixedValue(values, names, term.text) : term.text;
  if (value === undefined) {
    const each = (one: string) => (names?.[one] ? `${names[one]} (${one})` : one);
    throw invalidQuery(`${label} must be one of: ${values?.map(each).join(', ')}`);
  }
  return sql`${field.column} = ${value}`;
}

/** A bare date means the whole day, so `created:2024-05-31` and `created:>2024-05-31` read naturally. */
function timestampSql(column: SQLWrapper, operator: ComparisonOperator, time: TimestampValue): SQL {
  const { value, nextDay } = time;
  if (nextDay === undefined) return sql`${column} ${comparison(operator)} ${value}`;
  switch (operator) {
    case ':':
    case ':=':
      return sql`(${column} >= ${value} and ${column} < ${nextDay})`;
    case ':>':
      return sql`${column} >= ${nextDay}`;
    case ':>=':
      return sql`${column} >= ${value}`;
    case ':<':
      return sql`${column} < ${value}`;
    case ':<=':
      return sql`${column} < ${nextDay}`;
  }
}
