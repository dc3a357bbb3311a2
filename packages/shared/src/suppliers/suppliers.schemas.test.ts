import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createSupplierSchema, updateSupplierSchema } from './suppliers.schemas';

function issues(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const valid = {
  name: 'Thika Millers Ltd',
  email: 'Orders@ThikaMillers.co.ke',
  phone: '0722 100 200',
  address: 'Plot 12, Garissa Road\nThika',
};

describe('createSupplierSchema (spec §5 Supplier form)', () => {
  it('normalises the phone and email, defaults status to active, contact person optional', () => {
    expect(createSupplierSchema.parse(valid)).toEqual({
      ...valid,
      email: 'orders@thikamillers.co.ke',
      phone: '+254722100200',
      status: 'active',
    });
  });

  it('requires name, email, phone and address', () => {
    expect(issues(createSupplierSchema, {})).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Email is required' },
      { path: 'phone', message: 'Phone is required' },
      { path: 'address', message: 'Address is required' },
    ]);
    expect(
      issues(createSupplierSchema, { ...valid, name: ' ', email: '', phone: '', address: '' }),
    ).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Email is required' },
      { path: 'phone', message: 'Phone is required' },
      { path: 'address', message: 'Address is required' },
    ]);
  });

  it('refuses a bad email, a foreign phone and an unknown status', () => {
    expect(
      issues(createSupplierSchema, {
        ...valid,
        email: 'not-an-email',
        phone: '+44 20 7946 0000',
        status: 'archived',
      }),
    ).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'phone', message: 'Enter a Kenyan phone number, e.g. 0712 345 678' },
      { path: 'status', message: 'Status must be active or inactive' },
    ]);
  });

  it('lets the address span lines but no other field', () => {
    expect(issues(createSupplierSchema, { ...valid, name: 'Thika\nMillers' })).toEqual([
      { path: 'name', message: 'Name contains characters that are not allowed' },
    ]);
  });

  it('accepts a contact person or a blank one, refuses null', () => {
    expect(createSupplierSchema.parse({ ...valid, contact_person: ' Jane Njeri ' })).toMatchObject({
      contact_person: 'Jane Njeri',
    });
    expect(issues(createSupplierSchema, { ...valid, contact_person: null })).toEqual([
      { path: 'contact_person', message: 'Contact person must be text' },
    ]);
    expect(createSupplierSchema.parse({ ...valid, contact_person: '' }).contact_person).toBe('');
  });
});

describe('updateSupplierSchema', () => {
  it('leaves out what is not sent: no status default on an edit', () => {
    expect(updateSupplierSchema.parse({ phone: '254 711 000 111' })).toEqual({
      phone: '+254711000111',
    });
  });

  it('still refuses an empty required field when it is sent', () => {
    expect(issues(updateSupplierSchema, { name: '' })).toEqual([
      { path: 'name', message: 'Name is required' },
    ]);
  });
});
