import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @duka/server` writes a new numbered SQL migration from the tables.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
