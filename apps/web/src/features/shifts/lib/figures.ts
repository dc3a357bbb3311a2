import { centsToDecimal, formatCurrency, toCents } from '@duka/shared/money/money';

export type DifferenceKind = 'over' | 'short' | 'exact';

/** counted − expected: above 0 the drawer is over, below 0 short (the contract's sign). */
export function differenceKind(difference: number): DifferenceKind {
  const cents = toCents(Math.abs(difference)) ?? 0;
  if (cents === 0) return 'exact';
  return difference > 0 ? 'over' : 'short';
}

/** '+KSh 20.00', '−KSh 50.00', 'KSh 0.00': the sign always written, a true minus sign. */
export function signedCurrency(amount: number): string {
  const kind = differenceKind(amount);
  const plain = formatCurrency(centsToDecimal(toCents(Math.abs(amount)) ?? 0));
  if (kind === 'exact') return plain;
  return `${kind === 'over' ? '+' : '−'}${plain}`;
}

/** The text classes of an over (green), short (red) or exact difference; the words say it too. */
export const DIFFERENCE_CLASS: Record<DifferenceKind, string> = {
  over: 'text-emerald-700 dark:text-emerald-400',
  short: 'text-red-700 dark:text-red-400',
  exact: '',
};
