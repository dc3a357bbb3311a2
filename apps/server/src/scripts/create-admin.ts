/**
 * npm run create-admin -- --email owner@shop.co.ke --name "Jane Owner" --store "Jane's Duka"
 *   [--role admin|super_admin] [--password …]
 *
 * Makes the first account of a production install (PRODUCT.md §6: production never seeds demo
 * data). The store is found by name or created. Without --password (or ADMIN_PASSWORD) a
 * strong one is generated and printed once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { emailSchema, nameSchema } from '@duka/shared/auth/auth.schemas';
import { newPasswordSchema } from '@duka/shared/users/users.schemas';
import { storeInputSchema } from '@duka/shared/stores/stores.schemas';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
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
    password: newPasswordSchema.optional(),
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
const password = args.password ?? randomBytes(12).toString('base64url');

const config = loadConfig(process.env);
const database = await openDatabase(config);
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
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
