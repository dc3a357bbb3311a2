/**
 * /api/shifts (issue 24; decisions/0014 "Shifts"). Every route acts on one store (PRODUCT.md
 * §2). Staff open, read and close their own shift and move cash in and out of it
 * (shifts:own); managers list the store's shifts, sum a day by person, and read or close any
 * shift of the store — a cashier's forgotten one (shifts:manage, checked in the service for the
 * routes both share). Days are shop days in Africa/Nairobi.
 */
import { nairobiToday } from '@duka/shared/expenses/expenses.schemas';
import {
  cashMovementInputSchema,
  cashMovementResponseSchema,
  closeShiftSchema,
  currentShiftResponseSchema,
  openShiftSchema,
  shiftDaySummaryResponseSchema,
  shiftListQuerySchema,
  shiftListResponseSchema,
  shiftParamsSchema,
  shiftReportResponseSchema,
  shiftResponseSchema,
  shiftSummaryQuerySchema,
} from '@duka/shared/shifts/shifts.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import {
  presentCashMovement,
  presentDaySummaryRow,
  presentShift,
  presentShiftReport,
} from './shifts.presenters';
import {
  addCashMovement,
  closeShift,
  currentShift,
  daySummary,
  listShifts,
  openShift,
  shiftReport,
  type ShiftActor,
} from './shifts.service';

export const shiftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const own = { capability: 'shifts:own', store: true } as const;
  const manage = { capability: 'shifts:manage', store: true } as const;
  const actorOf = (request: Parameters<typeof requireAuth>[0]): ShiftActor => {
    const { user } = requireAuth(request);
    return { id: user.id, role: user.role };
  };

  app.post(
    '/',
    {
      config: { access: own },
      schema: {
        tags: ['shifts'],
        body: openShiftSchema,
        response: { 201: shiftResponseSchema },
      },
    },
    async (request, reply) => {
      const shift = await openShift(
        db,
        requireStoreId(request),
        requireAuth(request).user.id,
        request.body.opening_float,
      );
      return reply.status(201).send({ success: true as const, data: presentShift(shift) });
    },
  );

  app.get(
    '/current',
    {
      config: { access: own },
      schema: { tags: ['shifts'], response: { 200: currentShiftResponseSchema } },
    },
    async (request) => {
      const shift = await currentShift(db, requireStoreId(request), requireAuth(request).user.id);
      return { success: true as const, data: shift ? presentShift(shift) : null };
    },
  );

  app.get(
    '/',
    {
      config: { access: manage },
      schema: {
        tags: ['shifts'],
        querystring: shiftListQuerySchema,
        response: { 200: shiftListResponseSchema },
      },
    },
    async (request) => {
      const { from, to, status } = request.query;
      const rows = await listShifts(db, requireStoreId(request), { from, to, status });
      return { success: true as const, data: rows.map(presentShift) };
    },
  );

  app.get(
    '/summary',
    {
      config: { access: manage },
      schema: {
        tags: ['shifts'],
        querystring: shiftSummaryQuerySchema,
        response: { 200: shiftDaySummaryResponseSchema },
      },
    },
    async (request) => {
      const date = request.query.date ?? nairobiToday(clock.now());
      const rows = await daySummary(db, requireStoreId(request), date);
      return { success: true as const, data: { date, rows: rows.map(presentDaySummaryRow) } };
    },
  );

  app.post(
    '/:id/cash-movements',
    {
      config: { access: own },
      schema: {
        tags: ['shifts'],
        params: shiftParamsSchema,
        body: cashMovementInputSchema,
        response: { 201: cashMovementResponseSchema },
      },
    },
    async (request, reply) => {
      const movement = await addCashMovement(
        db,
        requireStoreId(request),
        request.params.id,
        actorOf(request),
        request.body,
        nairobiToday(clock.now()),
      );
      return reply
        .status(201)
        .send({ success: true as const, data: presentCashMovement(movement) });
    },
  );

  app.get(
    '/:id/report',
    {
      config: { access: own },
      schema: {
        tags: ['shifts'],
        params: shiftParamsSchema,
        response: { 200: shiftReportResponseSchema },
      },
    },
    async (request) => {
      const report = await shiftReport(
        db,
        requireStoreId(request),
        request.params.id,
        actorOf(request),
      );
      return { success: true as const, data: presentShiftReport(report) };
    },
  );

  app.post(
    '/:id/close',
    {
      config: { access: own },
      schema: {
        tags: ['shifts'],
        params: shiftParamsSchema,
        body: closeShiftSchema,
        response: { 200: shiftReportResponseSchema },
      },
    },
    async (request) => {
      const report = await closeShift(
        db,
        requireStoreId(request),
        request.params.id,
        actorOf(request),
        request.body,
      );
      return { success: true as const, data: presentShiftReport(report) };
    },
  );
};
