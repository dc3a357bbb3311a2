import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { insufficientStockOf, ordersLoadMessage } from './order-errors';

describe('ordersLoadMessage (spec §8 Orders load)', () => {
  it('turns a 429 into the sign-in message, whatever the server said', () => {
    expect(ordersLoadMessage(new ApiRequestError({ status: 429, message: 'Slow down' }))).toBe(
      'You are not authorized to view orders. Please log in.',
    );
  });

  it("otherwise gives the server's message, the error's message, or 'Failed to load orders.'", () => {
    expect(ordersLoadMessage(new ApiRequestError({ status: 500, message: 'Database down' }))).toBe(
      'Database down',
    );
    expect(ordersLoadMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(ordersLoadMessage(new ApiRequestError({ status: 502, message: '' }))).toBe(
      'Failed to load orders.',
    );
    expect(ordersLoadMessage('???')).toBe('Failed to load orders.');
  });
});

describe('insufficientStockOf', () => {
  it("names the product of a 409 'Insufficient stock for {name}'", () => {
    expect(
      insufficientStockOf(
        new ApiRequestError({
          status: 409,
          message: 'Insufficient stock for Jogoo Maize Flour 2kg',
        }),
      ),
    ).toBe('Jogoo Maize Flour 2kg');
    expect(
      insufficientStockOf(new ApiRequestError({ status: 409, message: 'Conflict' })),
    ).toBeNull();
    expect(insufficientStockOf(new Error('Insufficient stock for X'))).toBeNull();
  });
});
