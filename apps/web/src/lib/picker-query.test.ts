// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pickerQuery } from './picker-query';

describe('pickerQuery', () => {
  it.each([
    ['acme', 'acme*'],
    ['  acme   plu ', 'acme AND plu*'],
    ['', '*'],
    ["O'Brien", `"O'Brien"`],
    ['James & Olivia', 'James AND Olivia*'],
    ['15mm copper', '15mm AND copper*'],
    ['status:OPEN (x)', 'statusOPEN AND x*'],
  ])('%j searches %j', (text, query) => {
    expect(pickerQuery(text)).toBe(query);
  });
});
