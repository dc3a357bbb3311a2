/**
 * Online orders from the shop (spec §2 Shop, §3 Order, §7 orders calls, §8 Orders;
 * PRODUCT.md §1, §4, §5; issue 8).
 *
 * A shopper (or any signed-in person) orders from their store's active products. The client
 * sends the spec's lines (product_id, quantity, unit_type, unit_price) but the server prices
 * every line from the product's current selling price for that unit and ignores the sent
 * `unit_price`: a shopper never sets a price. Orders start pending; staff move them
 * pending → shipped → fulfilled; pending or shipped may be cancelled; fulfilled and cancelled
 * are final. Fulfilling takes the stock (409 'Insufficient stock for {name}' when short).
 */
import { z } from 'zod';
import { phoneSchema } from '../api/phone';
import { idSchema, textSchema } from '../api/primitives';
import { UNIT_TYPES } from '../money/units';
import { QUANTITY_MAX } from '../products/products.schemas';
import { pageQuerySchema, SALES_PAGE_SIZE_MAX } from '../sales/sales.schemas';

export const ORDER_STATUSES = ['pending', 'shipped', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDERS_PAGE_SIZE_MAX = SALES_PAGE_SIZE_MAX;
export const ORDER_LINES_MAX = 100;

/** Where each status may go next (PRODUCT.md §4: Mark as Shipped / Fulfilled persist). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['shipped', 'fulfilled', 'cancelled'],
  shipped: ['fulfilled', 'cancelled'],
  fulfilled: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export const orderItemInputSchema = z.object({
  product_id: idSchema('Invalid cart item'),
  quantity: z
    .number({ error: 'Quantity must be at least 1' })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(QUANTITY_MAX, {
      error: `Quantity must be at most ${QUANTITY_MAX.toLocaleString('en-KE')}`,
    }),
  unit_type: z
    .enum(UNIT_TYPES, { error: 'Unit must be one of piece, pack, dozen' })
    .default('piece'),
  /** Sent by the spec's client; never trusted — the server prices the line itself. */
  unit_price: z.unknown().optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

/** How a shopper gets an order: collected at the shop, or delivered to an address (issue 20). */
export const ORDER_FULFILMENTS = ['pickup', 'delivery'] as const;
export type OrderFulfilment = (typeof ORDER_FULFILMENTS)[number];

/**
 * POST /orders. The same product and unit twice is one line with the quantities added. The
 * shop's form sends the shopper's phone and pickup or delivery, with the address a delivery
 * goes to (issue 20); a body of items alone (the spec's client) is still a pickup order with
 * no phone. A delivery without an address is refused on the address.
 */
const fulfilmentSchema = z.enum(ORDER_FULFILMENTS, { error: 'Choose pickup or delivery' });
const addressSchema = textSchema({ label: 'Address', max: 500, multiline: true }).optional();
const deliveryHasAddress = (order: { fulfilment: OrderFulfilment; address?: string }) =>
  order.fulfilment !== 'delivery' || Boolean(order.address);
const addressMessage = { error: 'Enter the address for delivery', path: ['address'] };

export const createOrderSchema = z
  .object({
    items: z
      .array(orderItemInputSchema, { error: 'Cart is empty' })
      .min(1, { error: 'Cart is empty' })
      .max(ORDER_LINES_MAX, { error: `An order can have at most ${ORDER_LINES_MAX} lines` }),
    phone: phoneSchema().optional(),
    fulfilment: fulfilmentSchema.default('pickup'),
    address: addressSchema,
  })
  .refine(deliveryHasAddress, addressMessage);
export type CreateOrderInput = z.infer<typeof createOrderSchema>;
/** What a client sends: `fulfilment` may be left out (a pickup). */
export type CreateOrderBody = z.input<typeof createOrderSchema>;

/** The shop's 'Place Order' form: the phone is asked for, then pickup or delivery (issue 20). */
export const placeOrderFormSchema = z
  .object({ phone: phoneSchema(), fulfilment: fulfilmentSchema, address: addressSchema })
  .refine(deliveryHasAddress, addressMessage);
export type PlaceOrderFormInput = z.input<typeof placeOrderFormSchema>;
export type PlaceOrderFormOutput = z.output<typeof placeOrderFormSchema>;

/**
 * GET /orders. Staff get the store's orders; a shopper only their own. `mine=true` narrows
 * anyone's list to the orders they placed themselves ("My orders" on /shop).
 */
export const orderListQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(ORDER_STATUSES, { error: 'Status must be pending, shipped, fulfilled or cancelled' })
    .optional(),
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** PUT /orders/{id}/status. */
export const updateOrderStatusSchema = z.object({
  status: z.enum(['shipped', 'fulfilled', 'cancelled'], {
    error: 'Status must be shipped, fulfilled or cancelled',
  }),
});
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  Product: z.object({ name: z.string(), sku: z.string() }),
  quantity: z.number().int(),
  unit_type: z.enum(UNIT_TYPES),
  unit_price: z.number(),
  total: z.number(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  items_count: z.number().int(),
  /** Who placed it (the shopper). */
  User: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The shopper's phone for this order (+254…), null on an order placed without one. */
  phone: z.string().nullable(),
  fulfilment: z.enum(ORDER_FULFILMENTS),
  /** Where a delivery goes; null for a pickup. */
  address: z.string().nullable(),
  items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ success: z.literal(true), data: orderSchema });
export const orderListResponseSchema = z.object({
  orders: z.array(orderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
