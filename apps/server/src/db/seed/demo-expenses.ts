/**
 * A month of the Nairobi store's expenses (issue 9): rent, wages, electricity and water,
 * transport, airtime and repairs — fixed KSh amounts on fixed days before today
 * (Africa/Nairobi), recorded by the admin and the manager, so the demo is the same on every
 * fresh start and always ends today. They are a small duka's running costs, about a quarter of
 * what its demo month sells (issue 20: they were three times it). Stock bought is not among
 * them: goods are costed at the buying prices kept on each sale line, and counting a cash
 * purchase here too would take it off the profit twice. Written through the same schema and
 * service as POST /api/expenses. Its own file and one call in seedDemo.
 */
import { createExpenseSchema, nairobiToday } from '@duka/shared/expenses/expenses.schemas';
import { eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { createExpense } from '../../modules/expenses/expenses.service';
import { users } from '../../modules/users/users.table';

interface DemoExpense {
  /** Days before today in Nairobi (0 is today). */
  daysAgo: number;
  description: string;
  amount: string;
  category: string;
  payment_method: string;
  by: 'admin@duka.test' | 'manager@duka.test';
}

export const DEMO_EXPENSES: readonly DemoExpense[] = [
  {
    daysAgo: 29,
    description: 'Shop rent — Moi Avenue',
    amount: '4000.00',
    category: 'Rent',
    payment_method: 'mobile_money',
    by: 'admin@duka.test',
  },
  {
    daysAgo: 28,
    description: 'KPLC electricity tokens',
    amount: '1000.00',
    category: 'Utilities',
    payment_method: 'mobile_money',
    by: 'manager@duka.test',
  },
  {
    daysAgo: 27,
    description: 'Boda boda delivery to Gikomba wholesalers',
    amount: '200.00',
    category: 'Other',
    payment_method: 'cash',
    by: 'manager@duka.test',
  },
  {
    daysAgo: 24,
    description: 'Nairobi Water bill',
    amount: '350.50',
    category: 'Utilities',
    payment_method: 'mobile_money',
    by: 'admin@duka.test',
  },
  {
    daysAgo: 22,
    description: 'Safaricom airtime and data bundles',
    amount: '300.00',
    category: 'Utilities',
    payment_method: 'mobile_money',
    by: 'manager@duka.test',
  },
  {
    daysAgo: 21,
    description: 'Matatu fare — bank and KRA errands',
    amount: '120.00',
    category: 'Other',
    payment_method: 'cash',
    by: 'manager@duka.test',
  },
  {
    daysAgo: 19,
    description: 'Fridge repair (soda cooler)',
    amount: '800.00',
    category: 'Maintenance',
    payment_method: 'cash',
    by: 'admin@duka.test',
  },
  {
    daysAgo: 17,
    description: 'Printed flyers for estate promotion',
    amount: '400.00',
    category: 'Marketing',
    payment_method: 'card',
    by: 'admin@duka.test',
  },
  {
    daysAgo: 14,
    description: 'Handcart hire to collect stock',
    amount: '150.00',
    category: 'Other',
    payment_method: 'cash',
    by: 'manager@duka.test',
  },
  {
    daysAgo: 12,
    description: 'Receipt paper rolls and carrier bags',
    amount: '450.00',
    category: 'Equipment',
    payment_method: 'cash',
    by: 'admin@duka.test',
  },
  {
    daysAgo: 10,
    description: 'County business permit instalment',
    amount: '500.00',
    category: 'Other',
    payment_method: 'card',
    by: 'admin@duka.test',
  },
  {
    daysAgo: 8,
    description: 'Boda boda deliveries to customers (week)',
    amount: '300.00',
    category: 'Other',
    payment_method: 'cash',
    by: 'manager@duka.test',
  },
  {
    daysAgo: 6,
    description: 'Night watchman — share of the month',
    amount: '500.00',
    category: 'Salaries',
    payment_method: 'mobile_money',
    by: 'admin@duka.test',
  },
  {
    daysAgo: 5,
    description: 'Shelf bracket repair and paint',
    amount: '250.00',
    category: 'Maintenance',
    payment_method: 'cash',
    by: 'manager@duka.test',
  },
  {
    daysAgo: 3,
    description: 'Weekend helper — wages',
    amount: '600.00',
    category: 'Salaries',
    payment_method: 'mobile_money',
    by: 'admin@duka.test',
  },
  {
    daysAgo: 2,
    description: 'KPLC electricity tokens',
    amount: '500.00',
    category: 'Utilities',
    payment_method: 'mobile_money',
    by: 'manager@duka.test',
  },
  {
    daysAgo: 0,
    description: 'Tea and mandazi for staff',
    amount: '100.00',
    category: 'Other',
    payment_method: 'cash',
    by: 'admin@duka.test',
  },
];

/** The shop day `days` before `today` (both yyyy-MM-dd). */
function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

export async function seedDemoExpenses(
  tx: Executor,
  storeId: number,
  now = new Date(),
): Promise<void> {
  const today = nairobiToday(now);
  const schema = createExpenseSchema(() => today);
  const ids = new Map<string, number>();
  for (const email of ['admin@duka.test', 'manager@duka.test']) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    ids.set(email, user!.id);
  }
  for (const expense of DEMO_EXPENSES) {
    const { daysAgo, by, ...body } = expense;
    const input = schema.parse({ ...body, date: daysBefore(today, daysAgo) });
    await createExpense(tx, storeId, ids.get(by)!, input);
  }
}
