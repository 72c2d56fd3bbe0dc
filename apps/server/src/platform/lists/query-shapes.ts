import { isUuid } from '@fieldbook/domain';
import type { SQLWrapper } from 'drizzle-orm';
import { fixedValue, literalText, type TextTerm, textTerm, timestampValue } from './field-values.ts';
import type { LiqeAst, ListResource } from './list-query.ts';

// What shape a list's search has (docs/server.md, "Fast lists"): whether a kept count answers it, whether one plan
// is right for every value of it, and whether its first page depends on how many it matches.

/**
 * The values of `field` that `q` asks for when it asks for nothing else (every value for no `q`), so a count kept
 * per value answers it; undefined for any other search.
 */
export function countedValues<Value extends string>(
  ast: LiqeAst | null,
  field: string,
  values: readonly Value[],
  /** What the screens call each value: `status:scheduled` is counted as `status:OPEN_SCHEDULED` (`fixedValue`). */
  names?: Readonly<Record<string, string>>,
): readonly Value[] | undefined {
  if (ast === null) return values;
  if (ast.type !== 'Tag' || ast.field.type !== 'Field' || ast.field.name !== field) return undefined;
  const { expression, operator } = ast;
  if (operator.operator !== ':' && operator.operator !== ':=') return undefined;
  if (expression.type !== 'LiteralExpression' || typeof expression.value !== 'string') return undefined;
  const value = fixedValue(values, names, expression.value);
  return value === undefined ? undefined : [value as Value];
}

/**
 * The field, column and value when `q` asks for one id or one status and nothing else (`customer.id:…`, a
 * customer's jobs; `status:…`): searches whose best plan is the same for every value and tenant (the field's
 * index, which ends with the number).
 */
export function loneValue(
  ast: LiqeAst | null,
  resource: ListResource,
  /** The statuses the list keeps counts of: a status is counted from them. */
  statuses: readonly string[],
): { field: string; column: SQLWrapper; value: string } | undefined {
  if (ast?.type !== 'Tag' || ast.field.type !== 'Field') return undefined;
  const name = ast.field.name;
  const field = Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
  if (field?.kind !== 'exact') return undefined;
  const { expression, operator } = ast;
  if (operator.operator !== ':' && operator.operator !== ':=') return undefined;
  if (expression.type !== 'LiteralExpression' || typeof expression.value !== 'string') return undefined;
  const value = field.values ? fixedValue(field.values, field.names, expression.value) : expression.value;
  if (value === undefined) return undefined;
  const valid = field.uuid ? isUuid(value) : name === 'status' && statuses.includes(value);
  return valid ? { field: name, column: field.column, value } : undefined;
}

/**
 * The instants a range of the timestamp `field` runs between when `q` is that range and nothing else: two
 * comparisons joined by AND (`field:>=a AND field:<b`, or `field:[a TO b]`, which `dateRangesAsComparisons`
 * writes so), as the text PostgreSQL reads as a timestamp. A bare date's bound is where the comparison's day
 * starts or ends (`field:<=2026-11-29` runs to 2026-11-30). `strictFrom` and `inclusiveTo`: how the search compares
 * with them (`>` and `<=` a time; a bare date's bounds are `>=` and `<`). Undefined for any other search.
 */
export function loneRange(ast: LiqeAst | null, field: string): LoneRange | undefined {
  const range = ast?.type === 'ParenthesizedExpression' ? ast.expression : ast;
  if (range?.type !== 'LogicalExpression' || range.operator.operator !== 'AND') return undefined;
  const bounds = [range.left, range.right].map((side) => {
    if (side.type !== 'Tag' || side.field.type !== 'Field' || side.field.name !== field) return undefined;
    if (side.expression.type !== 'LiteralExpression') return undefined;
    const { operator } = side.operator;
    const { value, nextDay } = timestampValue(side.expression, field);
    if (operator === ':>=' || operator === ':>')
      return operator === ':>' && nextDay === undefined
        ? { from: value, strictFrom: true }
        : { from: operator === ':>' ? nextDay : value, strictFrom: false };
    if (operator === ':<' || operator === ':<=')
      return operator === ':<=' && nextDay === undefined
        ? { to: value, inclusiveTo: true }
        : { to: operator === ':<=' ? nextDay : value, inclusiveTo: false };
    return undefined;
  });
  const lower = bounds.find((bound) => bound?.from !== undefined);
  const upper = bounds.find((bound) => bound?.to !== undefined);
  if (lower?.from === undefined || upper?.to === undefined) return undefined;
  return {
    from: lower.from,
    to: upper.to,
    strictFrom: lower.strictFrom === true,
    inclusiveTo: upper.inclusiveTo === true,
  };
}

/** A lone range of a timestamp field (`loneRange`): its bounds, and how the search compares with them. */
export interface LoneRange {
  from: string;
  to: string;
  strictFrom: boolean;
  inclusiveTo: boolean;
}

/** The word when `q` is one bare word or phrase and nothing else; undefined otherwise. */
export function loneWord(ast: LiqeAst | null): TextTerm | undefined {
  if (ast?.type !== 'Tag' || ast.field.type !== 'ImplicitField') return undefined;
  const { expression } = ast;
  if (expression.type !== 'LiteralExpression' || (!expression.quoted && literalText(expression) === '*'))
    return;
  return textTerm(expression, 'search term', true);
}

/** Up to how many bare words together `bareWords` and `statusAndWords` take. */
const BARE_WORDS_UP_TO = 4;

/** The terms `q` joins by AND alone (`a AND b AND c`, parentheses left as they are), in order. */
const joinedByAnd = (ast: LiqeAst): LiqeAst[] =>
  ast.type === 'LogicalExpression' && ast.operator.operator === 'AND'
    ? [...joinedByAnd(ast.left), ...joinedByAnd(ast.right)]
    : [ast];

/** The bare words or phrases among `terms` when each is one and there are at most `BARE_WORDS_UP_TO`. */
const wordsOf = (terms: LiqeAst[]): TextTerm[] | undefined => {
  const words = terms.map(loneWord);
  return words.length <= BARE_WORDS_UP_TO && words.every((word) => word !== undefined) ? words : undefined;
};

/**
 * The words when `q` is two to four bare words or phrases and nothing else, each of which must match (`thompson
 * physio`, `a AND b`); undefined otherwise (an OR, a NOT, parentheses, a field).
 */
export function bareWords(ast: LiqeAst | null): TextTerm[] | undefined {
  const terms = ast === null ? [] : joinedByAnd(ast);
  return terms.length > 1 ? wordsOf(terms) : undefined;
}

/**
 * The status and the words when `q` is one status and one to four bare words or phrases, in any order, each of
 * which must match (`status:OPEN_READY_TO_BE_SCHEDULED AND wil*`: the scheduler's search of its ready jobs);
 * undefined otherwise.
 */
export function statusAndWords(
  ast: LiqeAst | null,
  resource: ListResource,
  statuses: readonly string[],
): { status: string; words: TextTerm[] } | undefined {
  const terms = ast === null ? [] : joinedByAnd(ast);
  const values = terms.map((term) => loneValue(term, resource, statuses));
  const status = values.findIndex((value) => value?.field === 'status');
  const words = wordsOf(terms.filter((_, index) => index !== status));
  const value = values[status]?.value;
  return value !== undefined && words !== undefined && words.length > 0
    ? { status: value, words }
    : undefined;
}

type Tag = Extract<LiqeAst, { type: 'Tag' }>;

/** Whether any term of `q` passes `test`, through AND, OR, NOT and parentheses. */
const anyTag = (ast: LiqeAst, test: (tag: Tag) => boolean): boolean => {
  switch (ast.type) {
    case 'Tag':
      return test(ast);
    case 'LogicalExpression':
      return anyTag(ast.left, test) || anyTag(ast.right, test);
    case 'ParenthesizedExpression':
      return anyTag(ast.expression, test);
    case 'UnaryOperator':
      return anyTag(ast.operand, test);
    default:
      return false;
  }
};

/** Whether `q` has a bare word anywhere: the planner can only guess how many records such a search matches. */
export const hasWord = (ast: LiqeAst): boolean => anyTag(ast, (tag) => tag.field.type === 'ImplicitField');

/**
 * Whether `q` searches text anywhere (a bare word, a text field): how many records match it is counted up to
 * `COUNTED_UP_TO` and no further.
 */
export const searchesText = (ast: LiqeAst | null, resource: ListResource): boolean =>
  ast !== null &&
  anyTag(
    ast,
    (tag) =>
      tag.field.type === 'ImplicitField' ||
      (Object.hasOwn(resource.fields, tag.field.name) && resource.fields[tag.field.name]?.kind === 'text'),
  );

/** Whether `q` has a range anywhere (`date:[a TO b]`, `due:>x`): its matches may cluster among the numbers. */
export const hasRange = (ast: LiqeAst): boolean =>
  anyTag(
    ast,
    (tag) =>
      tag.field.type === 'Field' &&
      (tag.expression.type === 'RangeExpression' || !['::', ':', ':='].includes(tag.operator.operator)),
  );
