/**
 * PostgreSQL's backup without pg_dump (issue 27): a logical dump of our own, through the pool,
 * used when pg_dump is not on the machine or is older than the server (or BACKUP_PG_DUMP=0).
 *
 * The dump is one JSON-lines file, read in the backup's repeatable-read snapshot (the same one
 * the manifest's counts are read in): for every sequence of schemas public and drizzle a line
 * `{"sequence":"public.x_id_seq","last_value":"12","is_called":true}`, then for every table a line
 * `{"table":"public.sales","rows":N}` followed by its N rows as `row_to_json`, in primary-key
 * order, fetched through a cursor in chunks (never a whole table in memory); the tables come
 * parents first (their foreign keys), so a restore loads them in one pass in that order.
 *
 * Its restore (into an empty database), in one transaction: the app's migrations up to the
 * backup's last one (the schema, functions and triggers come from them, not from the dump),
 * every table emptied of what a migration inserted, then loaded with json_populate_recordset
 * in chunks, with triggers off — `session_replication_role = replica` (superuser, or a role
 * granted SET on it, PostgreSQL ≥ 15) turns off every trigger, the foreign-key checks included;
 * otherwise `ALTER TABLE … DISABLE TRIGGER USER` (the tables' owner: the migrations just made
 * them) turns off ours, and the tables are loaded parents first so the foreign keys hold — then
 * every sequence set to its value.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type pg from 'pg';

export const LOGICAL_ENTRY = 'database/postgres-logical.jsonl';
const SCHEMAS = `('public', 'drizzle')`;
const CHUNK = 1000;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

type Queryable = Pick<pg.ClientBase, 'query'>;

interface TableInfo {
  schema: string;
  name: string;
  /** The primary key's columns, in order ([] when the table has none). */
  key: string[];
}

async function tablesOf(connection: Queryable): Promise<TableInfo[]> {
  const { rows } = await connection.query<{ schema: string; name: string; key: string[] | null }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            (SELECT array_agg(a.attname::text ORDER BY k.ord)
               FROM pg_index i
               CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
              WHERE i.indrelid = c.oid AND i.indisprimary) AS key
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ${SCHEMAS} AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY n.nspname, c.relname`,
  );
  return rows.map((row) => ({ schema: row.schema, name: row.name, key: row.key ?? [] }));
}

async function sequencesOf(connection: Queryable): Promise<{ schema: string; name: string }[]> {
  const { rows } = await connection.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ${SCHEMAS} AND c.relkind = 'S' ORDER BY 1, 2`,
  );
  return rows;
}

/**
 * Writes the logical dump of the database `connection` sees to `file` — call it inside the
 * caller's repeatable-read transaction (the cursors are read in its snapshot).
 */
export async function writeLogicalDump(connection: Queryable, file: string): Promise<void> {
  const out = createWriteStream(file, { flags: 'wx' });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    for (const sequence of await sequencesOf(connection)) {
      const { rows } = await connection.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text AS last_value, is_called FROM ${qualified(sequence.schema, sequence.name)}`,
      );
      await write(
        `${JSON.stringify({ sequence: `${sequence.schema}.${sequence.name}`, ...rows[0] })}\n`,
      );
    }
    const tables = await tablesOf(connection);
    const byKey = new Map(tables.map((table) => [`${table.schema}.${table.name}`, table]));
    for (const key of await loadOrder(connection, [...byKey.keys()])) {
      const table = byKey.get(key)!;
      const name = qualified(table.schema, table.name);
      const { rows: counted } = await connection.query<{ rows: number }>(
        `SELECT count(*)::int AS rows FROM ${name}`,
      );
      const expected = counted[0]!.rows;
      await write(
        `${JSON.stringify({ table: `${table.schema}.${table.name}`, rows: expected })}\n`,
      );
      const order = table.key.length ? ` ORDER BY ${table.key.map(ident).join(', ')}` : '';
      await connection.query(
        `DECLARE duka_logical_dump NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${name} t${order}`,
      );
      let written = 0;
      try {
        for (;;) {
          const { rows } = await connection.query<{ row: string }>(
            `FETCH ${CHUNK} FROM duka_logical_dump`,
          );
          if (rows.length === 0) break;
          await write(rows.map((row) => `${row.row}\n`).join(''));
          written += rows.length;
        }
      } finally {
        await connection.query('CLOSE duka_logical_dump');
      }
      if (written !== expected) {
        throw new Error(`${name} gave ${written} rows, not ${expected}, while it was dumped`);
      }
    }
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.on('error', () => undefined); // a write still in flight: the dump's error is the one
    out.destroy();
    throw error;
  }
}

/**
 * The app's migrations up to `tag` (all of them when it is the last, or unknown: null), as
 * drizzle reads them; a tag this version does not have is refused in words.
 */
export async function migrationsUpTo(folder: string, tag: string | null): Promise<MigrationMeta[]> {
  const journal = JSON.parse(
    await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  const all = readMigrationFiles({ migrationsFolder: folder });
  if (tag === null) return all;
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) {
    throw new Error(
      `The backup was made by a version of Duka with a migration this one does not have (${tag}): restore it with that version or a newer one`,
    );
  }
  return all.slice(0, index + 1);
}

/** Parents before children (foreign keys within the dump's tables); cycles keep their order. */
async function loadOrder(client: Queryable, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT cn.nspname || '.' || c.relname AS child, pn.nspname || '.' || p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
       JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
      WHERE k.contype = 'f' AND k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of rows) {
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string) => {
    if (state.has(table)) return;
    state.set(table, 'visiting');
    for (const parent of parents.get(table) ?? []) if (tables.includes(parent)) visit(parent);
    state.set(table, 'done');
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

interface DumpContents {
  sequences: { sequence: string; last_value: string; is_called: boolean }[];
  tables: { table: string; rows: number }[];
}

/** The dump's sequences and table headers (a first pass, rows skipped). */
async function readHeaders(file: string): Promise<DumpContents> {
  const contents: DumpContents = { sequences: [], tables: [] };
  let skip = 0;
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Infinity,
  })) {
    if (skip > 0) {
      skip -= 1;
      continue;
    }
    const header = JSON.parse(line) as Partial<DumpContents['sequences'][number]> & {
      table?: string;
      rows?: number;
    };
    if (typeof header.sequence === 'string') {
      contents.sequences.push(header as DumpContents['sequences'][number]);
    } else if (typeof header.table === 'string' && Number.isInteger(header.rows)) {
      contents.tables.push({ table: header.table, rows: header.rows! });
      skip = header.rows!;
    } else throw new Error('the logical dump is not in the expected form');
  }
  return contents;
}

const byName = (name: string) => {
  const dot = name.indexOf('.');
  return qualified(name.slice(0, dot), name.slice(dot + 1));
};

/**
 * Loads a logical dump into the (empty) database `client` is connected to: migrations up to
 * `lastMigration` from `migrationsFolder`, the rows and the sequences — after `replaceSql`
 * (--force's drops) — in one transaction. Answers how the triggers were turned off.
 */
export async function loadLogicalDump(
  client: pg.Client,
  file: string,
  {
    lastMigration,
    migrationsFolder,
    replaceSql,
  }: { lastMigration: string | null; migrationsFolder: string; replaceSql?: string },
): Promise<'replica' | 'disable-trigger'> {
  const migrations = await migrationsUpTo(migrationsFolder, lastMigration);
  const contents = await readHeaders(file);
  const dumped = contents.tables.map((entry) => entry.table);
  await client.query('BEGIN');
  try {
    // The drops of --force, the schema, the rows: one transaction — a load that fails midway
    // leaves the database as it was. The migrations table's rows come from the dump.
    if (replaceSql) await client.query(replaceSql);
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) {
        if (statement.trim()) await client.query(statement);
      }
    }
    const present = new Set((await tablesOf(client)).map((t) => `${t.schema}.${t.name}`));
    const missing = dumped.filter((table) => !present.has(table));
    if (missing.length > 0) {
      throw new Error(`the migrations do not make the tables ${missing.slice(0, 5).join(', ')}`);
    }
    const { rows: insertable } = await client.query<{ table: string; column: string }>(
      `SELECT n.nspname || '.' || c.relname AS table, a.attname AS column
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ${SCHEMAS} AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = ''
      ORDER BY a.attnum`,
    );
    const columns = new Map<string, string[]>();
    for (const { table, column } of insertable) {
      columns.set(table, [...(columns.get(table) ?? []), column]);
    }

    let mode: 'replica' | 'disable-trigger' = 'replica';
    await client.query('SAVEPOINT replication_role');
    try {
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query('RELEASE SAVEPOINT replication_role');
    } catch {
      await client.query('ROLLBACK TO SAVEPOINT replication_role');
      mode = 'disable-trigger';
      for (const table of dumped) {
        await client.query(`ALTER TABLE ${byName(table)} DISABLE TRIGGER USER`);
      }
    }
    // What the migrations inserted (the migrations table, reference rows) comes from the dump.
    await client.query(`TRUNCATE ${dumped.map(byName).join(', ')}`);

    let table: string | null = null;
    let left = 0;
    let rows: string[] = [];
    const flush = async () => {
      if (!table || rows.length === 0) return;
      const list = (columns.get(table) ?? []).map(ident).join(', ');
      await client.query(
        `INSERT INTO ${byName(table)} (${list}) OVERRIDING SYSTEM VALUE
         SELECT ${list} FROM json_populate_recordset(null::${byName(table)}, $1::json)`,
        [`[${rows.join(',')}]`],
      );
      rows = [];
    };
    for await (const line of createInterface({
      input: createReadStream(file),
      crlfDelay: Infinity,
    })) {
      if (left > 0) {
        rows.push(line);
        left -= 1;
        if (rows.length >= CHUNK || left === 0) await flush();
        continue;
      }
      const header = JSON.parse(line) as { table?: string; rows?: number };
      if (typeof header.table !== 'string') continue;
      table = header.table;
      left = header.rows ?? 0;
    }
    for (const { sequence, last_value, is_called } of contents.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        byName(sequence),
        last_value,
        is_called,
      ]);
    }
    if (mode === 'disable-trigger') {
      for (const table of dumped) {
        await client.query(`ALTER TABLE ${byName(table)} ENABLE TRIGGER USER`);
      }
    }
    await client.query('COMMIT');
    return mode;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
