import { SearchSyntaxError, safeSearchQuery } from '@fieldbook/domain';
import { type ParserAst, parse } from 'liqe';
import { describe, expect, it } from 'vitest';
import { dateRangesAsComparisons } from './date-ranges.ts';

/** `q` as the list parses it (date ranges first); throws what liqe throws. */
const liqe = (q: string): ParserAst => parse(dateRangesAsComparisons(q));

/** The tree in short: `(a OR (b AND c))`, `NOT[x]`, `name:"v"`; parentheses as the user's. */
function shape(node: ParserAst): string {
  switch (node.type) {
    case 'LogicalExpression':
      return `(${shape(node.left)} ${node.operator.operator} ${shape(node.right)})`;
    case 'UnaryOperator':
      return `NOT[${shape(node.operand)}]`;
    case 'ParenthesizedExpression':
      return shape(node.expression);
    case 'Tag': {
      const field = node.field.type === 'Field' ? `${node.field.name}${node.operator.operator}` : '';
      const { expression } = node;
      if (expression.type === 'LiteralExpression') {
        return field + (expression.quoted ? `"${expression.value}"` : String(expression.value));
      }
      return field + expression.type;
    }
    default:
      return node.type;
  }
}

/** Whether liqe gave a term without a value (`name:`) or empty parentheses anywhere, which the list refuses. */
function hasEmpty(node: ParserAst): boolean {
  switch (node.type) {
    case 'LogicalExpression':
      return hasEmpty(node.left) || hasEmpty(node.right);
    case 'UnaryOperator':
      return hasEmpty(node.operand);
    case 'ParenthesizedExpression':
      return hasEmpty(node.expression);
    case 'Tag':
      return node.expression.type === 'EmptyExpression';
    default:
      return true;
  }
}

describe('safeSearchQuery, read by liqe', () => {
  it.each([
    // Everyday text liqe refuses as typed: its words.
    ["O'Brien", 'obrien'],
    ['James & Olivia', '(james AND olivia)'],
    ['+61', '61'],
    ['grace!', 'grace'],
    ['100%', '100'],
    ['1/2"', '1-2'],
    ['(0)491 570', '(0-491 AND 570)'],
    ['12:30', '12-30'],
    ['Smith, John', '(smith AND john)'],
    ['-12', 'NOT[12]'],
    ['thank you 🙂\ttabs\r\nand lines', '((((thank AND you) AND tabs) AND and) AND lines)'],
    // liqe reads these, and they keep their meaning.
    ['cu-15', 'cu-15'],
    ['15mm', '15-mm'],
    ['Café', 'cafe'],
    ['"hot water"', '"hot water"'],
    ['wil*', 'wil*'],
    ['w*son', 'w*son'],
    ['-smith', 'NOT[smith]'],
    ['smith -jones', '(smith AND NOT[jones])'],
    ['(a OR b) c', '((a OR b) AND c)'],
    ['x OR cu-15', '(x OR cu-15)'],
    ['NOT NOT a', 'NOT[NOT[a]]'],
    ['status:Scheduled AND smith', '(status:Scheduled AND smith)'],
    ['customer.id:abc', 'customer.id:abc'],
    ['due:>2026-01-01', 'due:>2026-01-01'],
    [
      'scheduledStart:[2026-11-23 TO 2026-11-29]',
      '(scheduledStart:>="2026-11-23" AND scheduledStart:<="2026-11-29")',
    ],
    ['price:[1  TO 5]', 'price:RangeExpression'],
    ["name:O'Brien", `name:"O'Brien"`],
    ['foo:bar', 'foo:bar'],
  ])('%j is read as %s', (q, tree) => {
    expect(shape(liqe(safeSearchQuery(q)))).toBe(tree);
  });

  it.each([
    "O'Brien",
    'James & Olivia',
    '+61',
    'grace!',
    '100%',
    '1/2"',
    '(0)491 570',
    '12:30',
    'Smith, John',
    '-12',
  ])('liqe refuses %j as typed', (q) => {
    expect(() => liqe(q)).toThrow();
  });

  it.each(['"abc', '(a', 'a)', 'smith AND', 'NOT', 'OR smith', 'name:'])(
    '%j is refused by safeSearchQuery and by liqe as typed',
    (q) => {
      expect(() => safeSearchQuery(q)).toThrow(SearchSyntaxError);
      // liqe reads `name:` as a term without a value, which the list refuses.
      expect(() => {
        if (hasEmpty(liqe(q))) throw new Error('empty');
      }).toThrow();
    },
  );

  it('gives liqe a query it reads, or a SearchSyntaxError, for any mix of text and syntax', () => {
    const pieces = [
      ...['a', 'Bé', '15', 'mm', '12.5', '-1', 'true', 'AND', 'OR', 'NOT', ' AND ', ' OR ', 'NOT ', ' TO '],
      ...['x:', 'y.z:', 'due:>', 'x:[1 TO 2]', 'x:{a TO "b c"}', 'x:"a b"', "x:'a b'", '"a b"'],
      ...[
        '(',
        ')',
        '"',
        "'",
        '-',
        '*',
        ':',
        '[',
        ']',
        '{',
        '}',
        '\\',
        '&',
        '!',
        '/',
        '.',
        '$',
        '@',
        '#',
        '?',
      ],
      ...[' ', ' ', ' ', '\t', '\n', '🙂', '\u200B'],
    ];
    // Pseudo-random numbers from a fixed seed (mulberry32), so a failure can be reproduced.
    let state = 42;
    const random = (below: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let bits = Math.imul(state ^ (state >>> 15), 1 | state);
      bits = (bits + Math.imul(bits ^ (bits >>> 7), 61 | bits)) ^ bits;
      return ((bits ^ (bits >>> 14)) >>> 0) % below;
    };
    let read = 0;
    for (let run = 0; run < 3000; run += 1) {
      const q = Array.from({ length: 1 + random(12) }, () => pieces[random(pieces.length)]).join('');
      let safe: string;
      try {
        safe = safeSearchQuery(q);
      } catch (error) {
        expect(error, q).toBeInstanceOf(SearchSyntaxError);
        continue;
      }
      read += 1;
      if (safe === '') continue;
      let tree: ParserAst | undefined;
      expect(
        () => {
          tree = liqe(safe);
        },
        `${JSON.stringify(q)} → ${JSON.stringify(safe)}`,
      ).not.toThrow();
      expect(tree && hasEmpty(tree), `${JSON.stringify(q)} → ${JSON.stringify(safe)}`).toBe(false);
      expect(safeSearchQuery(safe), JSON.stringify(q)).toBe(safe);
    }
    // Most mixes are read, not refused.
    expect(read).toBeGreaterThan(1500);
    // 3,000 mixes, each parsed by liqe: seconds on a busy machine.
  }, 60_000);
});
