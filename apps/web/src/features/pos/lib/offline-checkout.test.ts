import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, isNetworkFailure } from '@/lib/api-client';
import { stubApi } from '@/test/api-stub';
import { createSale } from '../api/create-sale';
import { offeredOffline } from './offline-checkout';

afterEach(() => vi.unstubAllGlobals());

const payload = {
  items: [{ product_id: 1, quantity: 1, unit_price: 185, total: 185, unit_type: 'piece' as const }],
  total: 185,
  delivery_fee: 0,
  customer_id: 1,
  payment_method: 'cash' as const,
  status: 'completed' as const,
  payment_status: 'paid' as const,
  amount_paid: 200,
  change_amount: 15,
  client_sale_id: '6a1f7c9e-3b7d-4c55-9a63-2f6f3e1d2b10',
  sold_at: '2026-11-26T14:05:00.000+03:00',
};

describe('isNetworkFailure', () => {
  it('is no answer (fetch failed, aborted, timed out), never an answer of the server', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new DOMException('timed out', 'TimeoutError'))).toBe(true);
    expect(isNetworkFailure(new ApiRequestError({ status: 409, message: 'Conflict' }))).toBe(false);
    expect(isNetworkFailure(new ApiRequestError({ status: 503, message: 'Down' }))).toBe(false);
    expect(isNetworkFailure(new Error('Invalid server response format'))).toBe(false);
  });
});

describe('offline rules', () => {
  it('offers cash and M-Pesa offline, not credit or split', () => {
    expect(['cash', 'mpesa', 'credit', 'split'].map((m) => offeredOffline(m as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('createSale', () => {
  it('gives up after the timeout with a TimeoutError (counted as offline)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string, init: RequestInit = {}) =>
          new Promise((resolve, reject) => {
            if (url.endsWith('/csrf-token')) resolve(Response.json({ token: 't' }));
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
          }),
      ),
    );
    const error = await createSale({ payload, idempotencyKey: 'k-123456789', timeoutMs: 30 }).catch(
      (caught: unknown) => caught,
    );
    expect(isNetworkFailure(error)).toBe(true);
    expect((error as Error).name).toBe('TimeoutError');
  });

  it("sends a sale made online again without the device's time when the server refuses only it", async () => {
    const bodies: Record<string, unknown>[] = [];
    stubApi({
      'POST /sales': (request) => {
        const body = request.body as Record<string, unknown>;
        bodies.push(body);
        return 'sold_at' in body
          ? {
              status: 400,
              body: {
                message: 'Validation failed',
                errors: [{ path: 'sold_at', message: 'Sold at is in the future' }],
              },
            }
          : { status: 201, body: { success: true, data: { id: 41 } } };
      },
    });
    expect(await createSale({ payload, idempotencyKey: payload.client_sale_id })).toBe(41);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).not.toHaveProperty('sold_at');
    expect(bodies[1]!.client_sale_id).toBe(payload.client_sale_id);
  });
});
