import { describe, expect, it } from 'vitest';
import { errorBody } from './api-errors.ts';
import { isErrorBody } from './error-codes.ts';

const valid = { error: 'CONFLICT', message: 'Someone else changed this customer.', fieldErrors: [] };

describe('isErrorBody', () => {
  it.each([
    ['an error body', valid],
    [
      'one with field errors',
      {
        ...valid,
        error: 'VALIDATION_FAILED',
        fieldErrors: [{ field: 'lines.3.price', message: 'Too big.' }],
      },
    ],
    ['one with more keys than it needs', { ...valid, requestId: 'r-1' }],
    ['one with a reason', { ...valid, reason: 'STALE_SAVE' }],
    ['an unknown reason', { ...valid, reason: 'TEAPOT' }],
    ['an unknown code', { ...valid, error: 'TEAPOT' }],
    ['a code from the prototype', { ...valid, error: 'toString' }],
    ['no message', { error: 'CONFLICT', fieldErrors: [] }],
    ['a message that is not text', { ...valid, message: 42 }],
    ['field errors that are not a list', { ...valid, fieldErrors: {} }],
    ['a field error without a message', { ...valid, fieldErrors: [{ field: 'name' }] }],
    ['a field error that is text', { ...valid, fieldErrors: ['name'] }],
    ['a list', [valid]],
    ['null', null],
    ['text', 'Bad Gateway'],
  ])('answers as errorBody.safeParse does for %s', (_, value) => {
    expect(isErrorBody(value)).toBe(errorBody.safeParse(value).success);
  });

  it('accepts a real error body and refuses an HTML error page', () => {
    expect(isErrorBody(valid)).toBe(true);
    expect(isErrorBody('<html>502</html>')).toBe(false);
  });
});
