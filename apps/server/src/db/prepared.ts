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
import type { Database } from './client';

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
