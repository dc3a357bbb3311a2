import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_KEY_STORAGE, checkoutKeyFor, forgetCheckoutKey } from './checkout-key';
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
