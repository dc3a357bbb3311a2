/**
 * npm run create-admin -- --email owner@shop.co.ke --name "Jane Owner" --store "Jane's Duka"
 *   [--role admin|super_admin] [--password …]
 *
 * Makes the first account of a production install (PRODUCT.md §6: production never seeds demo
 * data). The store is found by name or created. Without --password (or ADMIN_PASSWORD) a
 * strong one is generated and printed once; a chosen one must pass adminPasswordProblem (at
 * least 12 characters, not a common password). On a PGlite DATA_DIR a running server holds the
 * lock: create-admin then says so in one line instead of opening the same files.
 */
import { parseArgs } from 'node:util';
import { passwordSchema } from '@duka/shared/api/primitives';
import { emailSchema, nameSchema } from '@duka/shared/auth/auth.schemas';
import { storeInputSchema } from '@duka/shared/stores/stores.schemas';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { databaseErrorOf } from '../app/error-handler';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { adminPasswordProblem, generateAdminPassword } from '../lib/admin-password';
import { DataDirInUseError } from '../lib/data-dir-lock';
import { exitOnStartupError } from '../lib/startup-error';
import { createStore } from '../modules/stores/stores.service';
import { stores } from '../modules/stores/stores.table';
import { insertUser } from '../modules/users/users.service';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    store: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    password: { type: 'string' },
  },
});

const argsSchema = z
  .object({
    email: emailSchema,
    name: nameSchema,
    role: z.enum(['admin', 'super_admin'], { error: '--role must be admin or super_admin' }),
    store: storeInputSchema.shape.name.optional(),
    // Stricter than the web form's rule (8 characters): this account owns the install.
    password: passwordSchema({ messages: { required: 'Password is required' } })
      .superRefine((password, ctx) => {
        const problem = adminPasswordProblem(password);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  })
  .refine((a) => a.role === 'super_admin' || a.store, {
    error: '--store is required for an admin',
    path: ['store'],
  });

const parsed = argsSchema.safeParse({
  ...values,
  password: values.password ?? process.env.ADMIN_PASSWORD,
});
if (!parsed.success) {
  for (const issue of parsed.error.issues)
    console.error(`${issue.path.join('.') || 'args'}: ${issue.message}`);
  console.error(
    'Usage: npm run create-admin -- --email E --name N --store S [--role admin|super_admin] [--password P]',
  );
  process.exit(1);
}
const args = parsed.data;
const password = args.password ?? generateAdminPassword();

let database: DatabaseHandle;
try {
  database = await openDatabase(loadConfig(process.env));
} catch (error) {
  exitOnStartupError(error, (startupError) =>
    startupError instanceof DataDirInUseError
      ? 'stop the server first, or create the account on /users'
      : undefined,
  );
}
try {
  await database.migrate();
  const user = await database.db.transaction(async (tx) => {
    let storeId: number | null = null;
    if (args.role === 'admin' && args.store) {
      const [existing] = await tx
        .select()
        .from(stores)
        .where(eq(sql`lower(${stores.name})`, args.store.toLowerCase()));
      storeId = (existing ?? (await createStore(tx, { name: args.store }))).id;
    }
    return insertUser(tx, {
      name: args.name,
      email: args.email,
      password,
      role: args.role,
      storeId,
    });
  });
  console.log(
    `Created ${user.role} ${user.email} (id ${user.id}${user.storeId ? `, store ${user.storeId}` : ''}).`,
  );
  if (!args.password) console.log(`Password: ${password}  — write it down; it is not shown again.`);
} catch (error) {
  // A database error's message carries the query's values (the password hash, the email):
  // print only what names the failure.
  const failure = databaseErrorOf(error);
  if (failure) {
    console.error(
      `The database refused the account: ${failure.code}${failure.constraint ? ` (${failure.constraint})` : ''}`,
    );
  } else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
