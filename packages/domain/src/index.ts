export * from './addresses.ts';
export * from './customers.ts';
export * from './field-errors.ts';
export * from './items.ts';
export * from './locations.ts';
export * from './money.ts';
export * from './text-fields.ts';
