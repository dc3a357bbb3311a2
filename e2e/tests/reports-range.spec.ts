/**
 * Reports say their period (issue 20): the range at the top of /reports drives every card,
 * chart and table. Over two ranges of the demo's seeded month — its last 30 days, and the first
 * half of them — each card shows other figures (the expenses exactly the seeded ones) and names
 * its period in the shop's date order ('1–26 Nov 2026'). The page opens on this month so far.
 * The Top Sellers card fits a 390 px phone and a 768 px tablet.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

const DAY_MS = 86_400_000;
/** Today in Nairobi, the shop's day (YYYY-MM-DD). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
const daysBefore = (days: number, from = today) =>
  new Date(Date.parse(`${from}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** A period as the page names it in English, spaces of any width read as one. */
function periodOf(start: string, end: string): string {
  const format = new Intl.DateTimeFormat('en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format
    .formatRange(new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`))
    .replace(/\s+/gu, ' ');
}
const spaced = (text: string | null) => (text ?? '').replace(/\s+/gu, ' ').trim();

const CARDS = [
  'Sales by Payment Method',
  'Total Expenses',
  'Top Sellers',
  'Profit',
  'Sales by payment method (KSh)',
  'Revenue per day (KSh)',
] as const;

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The seeded expenses (demo-expenses.ts), days before today → KSh. */
const SEEDED_EXPENSES: [number, number][] = [
  [29, 4000],
  [28, 1000],
  [27, 200],
  [24, 350.5],
  [22, 300],
  [21, 120],
  [19, 800],
  [17, 400],
  [14, 150],
  [12, 450],
  [10, 500],
  [8, 300],
  [6, 500],
  [5, 250],
  [3, 600],
  [2, 500],
  [0, 100],
];
const spentBetween = (from: number, to: number) =>
  SEEDED_EXPENSES.filter(([days]) => days <= from && days >= to).reduce(
    (sum, [, ksh]) => sum + ksh,
    0,
  );
const ksh = (value: number) =>
  `KSh ${value.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function applyRange(page: Page, start: string, end: string) {
  await page.getByLabel('Start date').fill(start);
  await page.getByLabel('End date').fill(end);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('applied-period')).toHaveText(periodOf(start, end));
}

/** What each card shows once its report for the range has come (the period's own words aside). */
async function readCards(page: Page, period: string) {
  const figures: Record<string, string> = {};
  for (const name of CARDS) {
    const region = card(page, name);
    await expect(region.getByTestId('report-period')).toHaveText(period);
    await expect(region).toHaveAttribute('aria-busy', 'false');
    await expect(region.getByRole('status')).toHaveCount(0);
    const text = spaced(await region.textContent());
    figures[name] = text.replace(period, '');
  }
  await page.getByRole('tab', { name: 'Product Performance' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('report-period')).toHaveText(period);
  await expect(page.getByTestId('total-revenue')).not.toHaveText('—');
  figures.performance = spaced(await page.getByTestId('total-revenue').textContent());
  await page.getByRole('tab', { name: 'Inventory Status' }).click();
  return figures;
}

async function daysListed(region: Locator) {
  return region.getByTestId('revenue-by-day').locator('tbody tr').count();
}

test.beforeEach(async ({ page }) => {
  await logInAndWait(page, DEMO.admin.email);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
});

test('opens on this month so far and says so on every card', async ({ page }) => {
  const monthStart = `${today.slice(0, 8)}01`;
  const period = periodOf(monthStart, today);
  await expect(page.getByLabel('Start date')).toHaveValue(monthStart);
  await expect(page.getByLabel('End date')).toHaveValue(today);
  await expect(page.getByTestId('applied-period')).toHaveText(period);
  for (const name of CARDS) {
    await expect(card(page, name).getByTestId('report-period'), name).toHaveText(period);
  }
  // Every day of the month so far is in the chart's table, sold or not.
  await expect
    .poll(() => daysListed(card(page, 'Revenue per day (KSh)')))
    .toBe(Number(today.slice(8)));
});

test('changing the range at the top changes every card, each naming its period', async ({
  page,
}) => {
  // The seed's today, which is not this test's when a run crosses midnight in Nairobi.
  const seeded = (await (await page.request.get('/api/expenses')).json()) as {
    expenses: { description: string; date: string }[];
  };
  const rent = seeded.expenses.find(({ description }) => description === 'Shop rent — Moi Avenue');
  expect(rent, 'the seeded rent, 29 days before the seed ran').toBeDefined();
  const seedDay = daysBefore(-29, rent!.date);
  const month = { start: daysBefore(29, seedDay), end: seedDay };
  const firstHalf = { start: daysBefore(29, seedDay), end: daysBefore(15, seedDay) };

  await applyRange(page, month.start, month.end);
  const wide = await readCards(page, periodOf(month.start, month.end));
  const wideDays = await daysListed(card(page, 'Revenue per day (KSh)'));
  await expect(card(page, 'Total Expenses').getByTestId('total-expenses')).toHaveText(
    ksh(spentBetween(29, 0)),
  );
  await expect(card(page, 'Profit').getByTestId('profit-expenses')).toHaveText(
    ksh(spentBetween(29, 0)),
  );

  await applyRange(page, firstHalf.start, firstHalf.end);
  const half = await readCards(page, periodOf(firstHalf.start, firstHalf.end));
  const halfDays = await daysListed(card(page, 'Revenue per day (KSh)'));
  await expect(card(page, 'Total Expenses').getByTestId('total-expenses')).toHaveText(
    ksh(spentBetween(29, 15)),
  );
  await expect(card(page, 'Profit').getByTestId('profit-expenses')).toHaveText(
    ksh(spentBetween(29, 15)),
  );

  for (const name of [...CARDS, 'performance']) {
    expect(half[name], name).not.toBe(wide[name]);
  }
  // Every day of each range, days without sales as zero.
  expect(wideDays).toBe(30);
  expect(halfDays).toBe(15);
});

test('the Top Sellers card fits a phone and a tablet', async ({ page }) => {
  await applyRange(page, daysBefore(29), today);
  for (const width of [390, 768]) {
    await page.setViewportSize({ width, height: 900 });
    const top = card(page, 'Top Sellers');
    await expect(top.getByRole('listitem').first()).toBeVisible();
    const spill = await top.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const inside = Array.from(element.querySelectorAll('li, li *')).every((child) => {
        const own = child.getBoundingClientRect();
        return own.right <= box.right + 0.5 && own.left >= box.left - 0.5;
      });
      return { inside, overflow: element.scrollWidth - element.clientWidth };
    });
    expect(spill, `${width} px`).toEqual({ inside: true, overflow: 0 });
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow, `${width} px`).toBeLessThanOrEqual(0);
  }
});
