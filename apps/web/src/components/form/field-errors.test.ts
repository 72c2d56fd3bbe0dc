// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fieldLabel, placeFieldErrors } from './field-errors';

const labels = {
  name: 'Name',
  'customer.id': 'Customer',
  'lines.#.price': 'Line # price',
  'sections.#.lines.#.quantity': 'Section # line # quantity',
};

describe('fieldLabel', () => {
  it('finds a field by its path, and a list row by its pattern with the row number', () => {
    expect(fieldLabel(labels, 'name')).toBe('Name');
    expect(fieldLabel(labels, 'customer.id')).toBe('Customer');
    expect(fieldLabel(labels, 'lines.3.price')).toBe('Line 4 price');
    expect(fieldLabel(labels, 'sections.0.lines.11.quantity')).toBe('Section 1 line 12 quantity');
  });

  it('knows no label for a field the form does not name', () => {
    expect(fieldLabel(labels, 'updated')).toBeUndefined();
    expect(fieldLabel(labels, 'lines.3.tax')).toBeUndefined();
  });
});

describe('placeFieldErrors', () => {
  const onForm = new Set(['name', 'lines.0.price']);
  const hasField = (path: string) => onForm.has(path);

  it('puts errors on the fields the form has, and names the others for the alert', () => {
    const placed = placeFieldErrors(
      [
        { field: 'lines.0.price', message: 'Use at most 2 decimal places.' },
        { field: 'customer.id', message: 'Choose the customer.' },
        { field: 'name', message: 'Enter the name.' },
        { field: 'lines.3.price', message: 'Enter the price.' },
        { field: 'updated', message: 'Send the updated timestamp.' },
      ],
      hasField,
      labels,
    );

    expect(placed.onFields).toEqual({
      'lines.0.price': 'Use at most 2 decimal places.',
      name: 'Enter the name.',
    });
    expect(placed.elsewhere).toEqual([
      'Customer: Choose the customer.',
      'Line 4 price: Enter the price.',
      'Send the updated timestamp.',
    ]);
    expect(placed.listed).toEqual([
      'Use at most 2 decimal places.',
      'Customer: Choose the customer.',
      'Enter the name.',
      'Line 4 price: Enter the price.',
      'Send the updated timestamp.',
    ]);
  });

  it("keeps a field's first message", () => {
    const placed = placeFieldErrors(
      [
        { field: 'name', message: 'Enter the name.' },
        { field: 'name', message: 'Use at most 200 characters.' },
      ],
      hasField,
      labels,
    );

    expect(placed.onFields).toEqual({ name: 'Enter the name.' });
    expect(placed.elsewhere).toEqual([]);
  });
});
