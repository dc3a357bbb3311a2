/**
 * /api/expenses (spec §7; issue 9). Staff read, record and delete their store's expenses
 * (PRODUCT.md §1); every route acts on one store (PRODUCT.md §2). "Today" for the date rule is
 * the shop day of the app's clock in Africa/Nairobi.
 */
import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  createExpenseSchema,
  expenseCreateResponseSchema,
  expenseDeleteResponseSchema,
  expenseListQuerySchema,
  expenseListResponseSchema,
  nairobiToday,
} from '@duka/shared/expenses/expenses.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { presentExpense } from './expenses.presenters';
import { createExpense, deleteExpense, listExpenses } from './expenses.service';

export const expensesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const read = { capability: 'expenses:read', store: true } as const;
  const write = { capability: 'expenses:write', store: true } as const;
  const createBody = createExpenseSchema(() => nairobiToday(clock.now()));

  app.get(
    '/',
    {
      config: { access: read },
      schema: {
        tags: ['expenses'],
        querystring: expenseListQuerySchema,
        response: { 200: expenseListResponseSchema },
      },
    },
    async (request) => {
      const rows = await listExpenses(db, requireStoreId(request), request.query);
      return { expenses: rows.map(presentExpense) };
    },
  );

  app.post(
    '/',
    {
      config: { access: write },
      schema: {
        tags: ['expenses'],
        body: createBody,
        response: { 201: expenseCreateResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await createExpense(
        db,
        requireStoreId(request),
        requireAuth(request).user.id,
        request.body,
      );
      return reply.status(201).send({ success: true as const, data: presentExpense(row) });
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: write },
      schema: {
        tags: ['expenses'],
        params: idParamSchema,
        response: { 200: expenseDeleteResponseSchema },
      },
    },
    async (request) => {
      await deleteExpense(db, requireStoreId(request), request.params.id);
      return { success: true as const };
    },
  );
};
