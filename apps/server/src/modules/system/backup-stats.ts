/**
 * What a backup must bring back, counted: every table of schema public with its row count and
 * the sum of each whole-number column (money is integer cents, stock integer pieces, so these
 * sums are exact). Written into the manifest when the backup is made and compared after a
 * restore: the restored shop is the same shop when every figure is equal.
 */

/** Runs one SQL text and answers its rows; both drivers' clients fit it. */
export type RowQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface TableStats {
  rows: number;
  /** Column → the sum as decimal text (bigint-safe); null for a table with no rows. */
  sums: Record<string, string | null>;
}

export type DatabaseStats = Record<string, TableStats>;

const EXACT_NUMBER_TYPES = ['smallint', 'integer', 'bigint', 'numeric'];

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table of schema public, counted and summed (in the caller's snapshot). */
export async function collectStats(query: RowQuery): Promise<DatabaseStats> {
  const columns = await query(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN (${EXACT_NUMBER_TYPES.map((type) => `'${type}'`).join(', ')})
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = await query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const numeric = new Map<string, string[]>();
  for (const row of columns) {
    const table = String(row.table_name);
    numeric.set(table, [...(numeric.get(table) ?? []), String(row.column_name)]);
  }
  const stats: DatabaseStats = {};
  for (const { table_name } of tables) {
    const table = String(table_name);
    const sums = numeric.get(table) ?? [];
    const select = [
      'count(*)::text AS "#rows"',
      ...sums.map((column, i) => `sum(${quoteIdent(column)})::text AS "s${i}"`),
    ].join(', ');
    const [row] = await query(`SELECT ${select} FROM public.${quoteIdent(table)}`);
    stats[table] = {
      rows: Number(row!['#rows']),
      sums: Object.fromEntries(
        sums.map((column, i) => [column, (row![`s${i}`] as string | null) ?? null]),
      ),
    };
  }
  return stats;
}

/** The differences between two counts, in words ([] when equal). */
export function statsDifferences(expected: DatabaseStats, actual: DatabaseStats): string[] {
  const problems: string[] = [];
  for (const [table, want] of Object.entries(expected)) {
    const got = actual[table];
    if (!got) {
      problems.push(`table ${table} is missing`);
      continue;
    }
    if (got.rows !== want.rows) problems.push(`${table}: ${got.rows} rows, not ${want.rows}`);
    for (const [column, sum] of Object.entries(want.sums)) {
      if (got.sums[column] !== sum) {
        problems.push(`${table}.${column}: sum ${got.sums[column]}, not ${sum}`);
      }
    }
  }
  return problems;
}

export function totalRows(stats: DatabaseStats): number {
  return Object.values(stats).reduce((total, table) => total + table.rows, 0);
}
