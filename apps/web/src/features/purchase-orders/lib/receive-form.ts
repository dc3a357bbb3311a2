/**
 * The receive dialog (issue 20) as data: each line's quantity arriving now, as typed (a
 * half-typed or emptied field stays as the person left it), starting at what remains of it;
 * and what is sent. Everything that remains arriving, without closing short, is the spec's
 * 'Mark as Received' (PUT …/status received); anything else is one delivery
 * (POST …/receive).
 */
import type {
  PurchaseOrder,
  PurchaseOrderItem,
  ReceivePurchaseOrderInput,
} from '@duka/shared/purchase-orders/purchase-orders.schemas';

/** Line id → the quantity typed. */
export type ArrivingValues = Record<number, string>;

export const remainingOf = (item: PurchaseOrderItem) => item.quantity - item.received_quantity;

/** What each line still waits for, as the dialog starts. */
export function arrivingDefaults(order: PurchaseOrder): ArrivingValues {
  return Object.fromEntries(order.items.map((item) => [item.id, String(remainingOf(item))]));
}

/** A line's problem: a translation key of the purchaseOrders namespace and its values. */
export type LineError =
  { key: 'receive.errors.whole' } | { key: 'receive.errors.tooMany'; count: number };

/** Everything that remains (PUT …/status received), or one delivery (POST …/receive). */
export type ReceiveChoice = { kind: 'all' } | { kind: 'delivery'; body: ReceivePurchaseOrderInput };

export type ReceiveResult =
  | { ok: true; request: ReceiveChoice }
  | { ok: false; lines: Record<number, LineError>; nothing: boolean };

const WHOLE = /^\d{1,7}$/;

/** Checks every line (a whole number, no more than remains) and says what to send. */
export function receiveRequest(
  order: PurchaseOrder,
  values: ArrivingValues,
  close: boolean,
): ReceiveResult {
  const lines: Record<number, LineError> = {};
  const items: ReceivePurchaseOrderInput['items'] = [];
  for (const item of order.items) {
    const remaining = remainingOf(item);
    if (remaining === 0) continue;
    const text = (values[item.id] ?? '').trim();
    if (!WHOLE.test(text)) {
      lines[item.id] = { key: 'receive.errors.whole' };
      continue;
    }
    const quantity = Number(text);
    if (quantity > remaining) lines[item.id] = { key: 'receive.errors.tooMany', count: remaining };
    else items.push({ item_id: item.id, received_quantity: quantity });
  }
  if (Object.keys(lines).length > 0) return { ok: false, lines, nothing: false };
  const nothing = !close && items.every((item) => item.received_quantity === 0);
  if (nothing) return { ok: false, lines, nothing };
  const everything = items.every(
    (item) =>
      item.received_quantity === remainingOf(order.items.find((i) => i.id === item.item_id)!),
  );
  if (everything && !close) return { ok: true, request: { kind: 'all' } };
  return {
    ok: true,
    request: {
      kind: 'delivery',
      body: { items: items.filter((item) => item.received_quantity > 0), close },
    },
  };
}
