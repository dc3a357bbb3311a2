import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKOUT_KEY_STORAGE,
  checkoutAttemptFor,
  checkoutKeyFor,
  forgetCheckoutKey,
  isoWithOffset,
} from './checkout-key';
import { buildLine } from './test-fixtures';

afterEach(() => sessionStorage.clear());

describe('checkoutKeyFor', () => {
  it('keeps one UUID for the same cart until the sale is confirmed', () => {
    const cart = [buildLine({ quantity: 2 })];
    const first = checkoutKeyFor(cart);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkoutKeyFor([buildLine({ quantity: 2 })])).toBe(first);
    expect(sessionStorage.getItem(CHECKOUT_KEY_STORAGE)).toContain(first);

    forgetCheckoutKey();
    expect(checkoutKeyFor(cart)).not.toBe(first);
  });

  it('makes a new key when the cart changes', () => {
    const first = checkoutKeyFor([buildLine({ quantity: 2 })]);
    expect(checkoutKeyFor([buildLine({ quantity: 3 })])).not.toBe(first);
  });
});

describe('checkoutAttemptFor (issue 22)', () => {
  it('keeps the time of the first attempt with the key, for the retry and the outbox', async () => {
    const cart = [buildLine({ quantity: 2 })];
    const first = checkoutAttemptFor(cart);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(checkoutAttemptFor(cart)).toEqual(first);
    expect(first.soldAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
    expect(Math.abs(Date.parse(first.soldAt) - Date.now())).toBeLessThan(5000);
  });
});

describe('isoWithOffset', () => {
  it("writes the device's local time with its offset, the same instant", () => {
    const instant = new Date('2026-11-26T11:05:00.000Z');
    const text = isoWithOffset(instant);
    expect(text).toMatch(/[+-]\d{2}:\d{2}$/);
    expect(Date.parse(text)).toBe(instant.getTime());
  });
});
