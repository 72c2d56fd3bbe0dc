// @vitest-environment node
import { customerFields } from '@fieldbook/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResolver } from './zod-resolver';

const job = z.object({
  customer: z.object({ id: z.uuid({ error: 'Choose the customer.' }) }),
  lines: z.array(
    z.object({
      description: z.string().min(1, { error: 'Enter the description.' }),
      price: z.string().regex(/^\d+(\.\d{1,2})?$/, { error: 'Use at most 2 decimal places.' }),
    }),
  ),
});

describe('zodResolver', () => {
  it('keys each problem by its full dotted path, into nested objects and arrays', () => {
    const validate = zodResolver(job);

    expect(
      validate({
        customer: { id: 'nope' },
        lines: [
          { description: 'Labour', price: '95' },
          { description: '', price: '1.999' },
        ],
      }),
    ).toEqual({
      'customer.id': 'Choose the customer.',
      'lines.1.description': 'Enter the description.',
      'lines.1.price': 'Use at most 2 decimal places.',
    });
  });

  it("keeps a field's first message and returns no errors for valid values", () => {
    const validate = zodResolver(
      z.object({
        code: z.string().min(3, { error: 'Too short.' }).regex(/^\d+$/, { error: 'Digits only.' }),
      }),
    );

    expect(validate({ code: 'ab' })).toEqual({ code: 'Too short.' });
    expect(zodResolver(customerFields)({ name: 'Acme' })).toEqual({});
  });
});
