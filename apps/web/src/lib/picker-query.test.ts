// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pickerQuery } from './picker-query';

describe('pickerQuery', () => {
  it.each([
    ['acme', 'acme*'],
    ['  acme   plu ', 'acme AND plu*'],
    ['', '*'],
    ["O'Bri", 'obri*'],
    ['James & Olivia', 'james AND olivia*'],
    ['15mm copper', '15-mm AND copper*'],
    ['Café', 'cafe*'],
    ['status:OPEN (x)', 'status-open AND x*'],
    ['"', '*'],
  ])('%j searches %j', (text, query) => {
    expect(pickerQuery(text)).toBe(query);
  });
});
