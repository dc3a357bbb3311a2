/**
 * Issue 22: what the till hands the device's outbox — the checkout's sale with the person and
 * store of the session, and the names its receipt prints. Loaded with the outbox (import()),
 * while the till shows, so a checkout can still be kept once the connection has gone.
 */
import { keepSale } from '@/features/offline/outbox-api';
import { localCustomerId } from '@/features/pos/lib/device-products';
import type { TillCheckout } from '@/features/pos/lib/offline-checkout';

export async function keepTillSale(
  { payload, items, customer }: TillCheckout,
  user: { id: number; name: string },
  storeId: number,
): Promise<{ clientSaleId: string; deviceReceiptNumber: string }> {
  const products = new Map(items.map((item) => [item.product.id, item.product]));
  const entry = await keepSale({
    payload,
    user,
    storeId,
    localCustomerId: localCustomerId(customer),
    receipt: {
      lines: payload.items.map((line) => {
        const product = products.get(line.product_id);
        return { name: product?.name ?? '', sku: product?.sku ?? '' };
      }),
      customer: customer ? { name: customer.name, phone: customer.phone } : null,
    },
  });
  return { clientSaleId: entry.client_sale_id, deviceReceiptNumber: entry.device_receipt_number };
}
