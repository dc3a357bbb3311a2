/**
 * A query built once per database and prepared under a name (issue 10). For the few queries on
 * every till request — the session check, a search's rows — drizzle building the query cost
 * more than PostgreSQL running it, and an unnamed statement is parsed and planned again on
 * every call; a named one is parsed once per connection, and after a few calls PostgreSQL may
 * keep one plan for every parameter — so name a statement only when that plan is as good for
 * any value (an id, a code), and prepare it as '' (built once here, planned on each call) when
 * the best plan depends on the values (a LIMIT and OFFSET). Only the statement is reused, never
 * a result: each call reads the rows as they are now.
 */
import type { Database, Executor } from './client';

export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * A statement written as SQL text (not built by drizzle on each call), prepared under `name`
 * on the executor's connection: a transaction's, or one of the pool's. Its rows come back as
 * the driver reads them (column names as written, integers as numbers); cast a column to text
 * where the two drivers would read it differently (numeric, timestamptz).
 */
export async function executeNamed<T>(
  db: Executor,
  name: string,
  text: string,
  params: unknown[],
): Promise<T[]> {
  const statement = db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  const result: unknown = await statement.execute();
  // Both drivers (pg, PGlite) answer a statement without drizzle's fields with `rows`.
  return (result as { rows: T[] }).rows;
}
