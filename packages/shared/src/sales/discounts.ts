/**
 * Discounts at the till (issue 20; docs/decisions/0004), in integer cents. A line charged below
 * its list price (the product's selling price for the line's unit, the server's, at the time of
 * sale) is a discount; above it is allowed and is no discount. A line's discount is for the
 * whole line: its list price × quantity − what the line was charged, never below 0.
 *
 * A whole-cart discount is spread over the lines in proportion to each line's total, so every
 * line records its own part and the cashier's cap is checked line by line, the same rule as a
 * price cut. The server (sales.service.ts) and the till (features/pos) both use these, and
 * write_sale holds the same rules in SQL (sale-rules.test.ts keeps them equal).
 */

/** What the line was charged below its list price, for the whole line (0 when at or above). */
export function lineDiscountCents(listCents: number, quantity: number, totalCents: number): number {
  return Math.max(0, listCents * quantity - totalCents);
}

/** The line's discount as a percentage of its list value (0 when the list value is 0). */
export function lineDiscountPercent(
  listCents: number,
  quantity: number,
  totalCents: number,
): number {
  const listTotal = listCents * quantity;
  return listTotal > 0 ? (lineDiscountCents(listCents, quantity, totalCents) * 100) / listTotal : 0;
}

/**
 * True when a cashier may not give this line's discount alone: more than `capPercent` of the
 * line's list value (exact in integers: discount × 100 > cap × list value).
 */
export function exceedsDiscountCap(
  listCents: number,
  quantity: number,
  totalCents: number,
  capPercent: number,
): boolean {
  return (
    lineDiscountCents(listCents, quantity, totalCents) * 100 > capPercent * listCents * quantity
  );
}

/**
 * A whole-cart discount of `discountCents` spread over lines of `lineTotalsCents`: each line's
 * exact share rounded down, then the cents left one each to the lines with the largest
 * remainders (ties: the larger line, then the earlier). Exact (the shares add up to the
 * discount) and never more than a line's total. `discountCents` must be 0..the lines' sum.
 */
export function spreadCartDiscount(lineTotalsCents: readonly number[], discountCents: number) {
  const sum = lineTotalsCents.reduce((total, line) => total + line, 0);
  if (discountCents <= 0 || sum <= 0) return lineTotalsCents.map(() => 0);
  if (discountCents > sum) throw new RangeError('A cart discount cannot exceed the cart');
  // BigInt: a large cart times a large discount can pass 2^53.
  const shares = lineTotalsCents.map((line) => {
    const exact = BigInt(line) * BigInt(discountCents);
    return {
      share: Number(exact / BigInt(sum)),
      remainder: Number(exact % BigInt(sum)),
      line,
    };
  });
  let left = discountCents - shares.reduce((total, part) => total + part.share, 0);
  const order = shares
    .map((part, index) => ({ ...part, index }))
    .filter((part) => part.remainder > 0)
    .sort((a, b) => b.remainder - a.remainder || b.line - a.line || a.index - b.index);
  for (const part of order) {
    if (left === 0) break;
    shares[part.index]!.share += 1;
    left -= 1;
  }
  return shares.map((part) => part.share);
}

/** A percentage of the cart as cents, rounded to the nearest cent (half up). */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
