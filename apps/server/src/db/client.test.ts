import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import { users } from './schema';

describe('database client', () => {
  it('migrates twice without harm (every start runs the migrations)', async () => {
    const handle = await openTestDatabase();
    try {
      await handle.migrate();
      await Promise.all([handle.migrate(), handle.migrate()]);
      expect(await handle.db.select().from(users)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
