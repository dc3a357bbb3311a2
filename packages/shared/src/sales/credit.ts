/**
 * Credit (pay later, issue 21): a named customer may owe up to their credit limit — their own,
 * else the store's default; none when neither is set. In integer cents. write_sale holds the
 * same rule in SQL, exceeds_credit_limit (sale-rules.test.ts keeps them equal).
 */

/** The limit that applies to a customer: their own, else the store's default, else none. */
export function creditLimitOf(own: number | null, storeDefault: number | null): number | null {
  return own ?? storeDefault;
}

/** True when owing `credit` more would take the customer past `limit` (null: no limit). */
export function exceedsCreditLimit(owed: number, credit: number, limit: number | null): boolean {
  return limit !== null && owed + credit > limit;
}
