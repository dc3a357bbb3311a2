/**
 * The Nairobi demo store's online orders (issue 8): nine orders from the demo shopper over the
 * last two weeks, in every status — the oldest fulfilled or cancelled, the newest still pending
 * — placed and moved through the same service as POST /api/orders and PUT
 * /api/orders/{id}/status, so the fulfilled ones took their stock with 'order' movements by the
 * cashier. Fixed products and times (relative to now) keep the demo the same on every fresh
 * start. Its own file and one call in seedDemo.
 */
import { toPieces, type UnitType } from '@duka/shared/money/units';
import { createOrderSchema, type OrderStatus } from '@duka/shared/orders/orders.schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { insertOrder, moveOrder } from '../../modules/orders/orders.service';
import { products } from '../../modules/products/products.table';
import { users } from '../../modules/users/users.table';

export const DEMO_SHOPPER_EMAIL = 'shopper@duka.test';
const DEMO_CASHIER_EMAIL = 'cashier@duka.test';

interface DemoOrder {
  /** When it was placed: days before today, at this time of day in Nairobi. */
  daysAgo: number;
  at: string;
  /** The moves staff made, each this many hours after the order was placed. */
  moves: [OrderStatus, number][];
  items: { sku: string; quantity: number; unit: UnitType }[];
}

const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    daysAgo: 13,
    at: '10:15',
    moves: [
      ['shipped', 4],
      ['fulfilled', 27],
    ],
    items: [
      { sku: 'UNG-JOG2', quantity: 2, unit: 'piece' },
      { sku: 'SUG-MUM1', quantity: 1, unit: 'piece' },
      { sku: 'TEA-KET250', quantity: 1, unit: 'piece' },
    ],
  },
  {
    daysAgo: 11,
    at: '14:40',
    moves: [['fulfilled', 2]],
    items: [
      { sku: 'SOD-COK500', quantity: 1, unit: 'dozen' },
      { sku: 'BIS-NUV100', quantity: 1, unit: 'pack' },
    ],
  },
  {
    daysAgo: 9,
    at: '09:05',
    moves: [['cancelled', 1]],
    items: [
      { sku: 'SOP-GEI225', quantity: 3, unit: 'piece' },
      { sku: 'SLT-KEN1', quantity: 2, unit: 'piece' },
    ],
  },
  {
    daysAgo: 7,
    at: '16:20',
    moves: [
      ['shipped', 3],
      ['fulfilled', 20],
    ],
    items: [
      { sku: 'SOP-MEN800', quantity: 2, unit: 'piece' },
      { sku: 'STN-KAS96', quantity: 4, unit: 'piece' },
      { sku: 'RIC-PIS1', quantity: 1, unit: 'piece' },
    ],
  },
  {
    daysAgo: 5,
    at: '11:30',
    moves: [
      ['shipped', 2],
      ['cancelled', 22],
    ],
    items: [
      { sku: 'UNG-PEM2', quantity: 1, unit: 'piece' },
      { sku: 'SOD-FAN500', quantity: 6, unit: 'piece' },
    ],
  },
  {
    daysAgo: 3,
    at: '18:45',
    moves: [['shipped', 15]],
    items: [
      { sku: 'UNG-SOK2', quantity: 2, unit: 'piece' },
      { sku: 'MLK-BRK500', quantity: 4, unit: 'piece' },
    ],
  },
  {
    daysAgo: 2,
    at: '08:50',
    moves: [['shipped', 6]],
    items: [
      { sku: 'STN-BIC-B', quantity: 5, unit: 'piece' },
      { sku: 'STN-PNC-HB', quantity: 5, unit: 'piece' },
    ],
  },
  {
    daysAgo: 1,
    at: '12:10',
    moves: [],
    items: [
      { sku: 'TEA-KET250', quantity: 2, unit: 'piece' },
      { sku: 'SUG-MUM1', quantity: 2, unit: 'piece' },
      { sku: 'BIS-NUV100', quantity: 1, unit: 'piece' },
    ],
  },
  {
    daysAgo: 0,
    at: '07:30',
    moves: [],
    items: [
      { sku: 'UNG-JOG2', quantity: 1, unit: 'piece' },
      { sku: 'SOD-SPR500', quantity: 2, unit: 'piece' },
    ],
  },
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Nairobi is UTC+3 all year. */
const NAIROBI_OFFSET_MS = 3 * HOUR_MS;

export async function seedDemoOrders(
  tx: Executor,
  storeId: number,
  now = new Date(),
): Promise<void> {
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.storeId, storeId),
        inArray(users.email, [DEMO_SHOPPER_EMAIL, DEMO_CASHIER_EMAIL]),
      ),
    );
  const shopper = people.find((person) => person.email === DEMO_SHOPPER_EMAIL);
  const cashier = people.find((person) => person.email === DEMO_CASHIER_EMAIL);
  if (!shopper || !cashier) throw new Error('The demo shopper and cashier must be seeded first');
  const latest = now.getTime() - 60_000;
  // Midnight in Nairobi at the start of today.
  const today = now.getTime() - ((now.getTime() + NAIROBI_OFFSET_MS) % DAY_MS);

  for (const order of DEMO_ORDERS) {
    const [hours, minutes] = order.at.split(':').map(Number) as [number, number];
    // Never later than a minute ago (today's order on an early start).
    const placed = Math.min(
      today - order.daysAgo * DAY_MS + hours * HOUR_MS + minutes * 60_000,
      latest - order.moves.length * 60_000,
    );
    const shelf = await tx
      .select()
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          inArray(
            products.sku,
            order.items.map((line) => line.sku),
          ),
        ),
      );
    // The month of demo sales may have emptied a shelf: a line it cannot cover is left out.
    const items = order.items.flatMap((line) => {
      const product = shelf.find((row) => row.sku === line.sku);
      if (!product || product.stockPieces < toPieces(line.quantity, line.unit, product.packSize)) {
        return [];
      }
      return [{ product_id: product.id, quantity: line.quantity, unit_type: line.unit }];
    });
    if (items.length === 0) continue;
    const row = await insertOrder(
      tx,
      storeId,
      shopper.id,
      createOrderSchema.parse({ items }),
      new Date(placed),
    );
    let previous = placed;
    for (const [status, afterHours] of order.moves) {
      const at = Math.min(placed + afterHours * HOUR_MS, latest);
      previous = Math.max(at, previous + 1_000);
      await moveOrder(tx, storeId, cashier.id, row.id, status, new Date(previous));
    }
  }
}
