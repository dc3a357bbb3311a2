/**
 * A logical backup's restore migrates the empty database only up to the backup's last
 * migration (issue 27): every migration for the last tag (or an unknown one), those up to an
 * older tag, and a tag this version does not have refused in words.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { migrationsUpTo } from './backup-logical';

type Journal = { entries: { tag: string; when: number }[] };
const journal = async () =>
  JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;

describe('migrationsUpTo', () => {
  it('answers every migration for the last tag, those up to an older one', async () => {
    const { entries } = await journal();
    expect(entries.length).toBeGreaterThan(2);
    const all = await migrationsUpTo(MIGRATIONS_FOLDER, entries.at(-1)!.tag);
    expect(all.map((migration) => migration.folderMillis)).toEqual(entries.map((e) => e.when));
    expect(await migrationsUpTo(MIGRATIONS_FOLDER, null)).toHaveLength(entries.length);
    const older = await migrationsUpTo(MIGRATIONS_FOLDER, entries[1]!.tag);
    expect(older.map((migration) => migration.folderMillis)).toEqual(
      entries.slice(0, 2).map((e) => e.when),
    );
    expect(older[0]!.sql.join('')).toMatch(/CREATE TABLE/i);
  });

  it('refuses a backup from a version with a migration this one lacks', async () => {
    await expect(migrationsUpTo(MIGRATIONS_FOLDER, '9999_from_the_future')).rejects.toThrow(
      'The backup was made by a version of Duka with a migration this one does not have (9999_from_the_future): restore it with that version or a newer one',
    );
  });
});
