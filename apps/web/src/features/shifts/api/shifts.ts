import type {
  CashMovement,
  CashMovementType,
  Denominations,
  Shift,
  ShiftReport,
  shiftDaySummaryRowSchema,
} from '@duka/shared/shifts/shifts.schemas';
import type { ExpenseCategory } from '@duka/shared/expenses/expenses.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { SHIFTS_KEY } from './current-shift';

type Data<T> = { success: true; data: T };
export type ShiftDaySummaryRow = z.infer<typeof shiftDaySummaryRowSchema>;
export interface ShiftDaySummary {
  date: string;
  rows: ShiftDaySummaryRow[];
}

/** Money goes out in shillings as the API reads it ('2000.50'), never a float sum. */
export interface OpenShiftBody {
  opening_float: string;
}
export interface CashMovementBody {
  type: CashMovementType;
  amount: string;
  reason: string;
  expense_category?: ExpenseCategory;
}
export interface CloseShiftBody {
  counted_cash: string;
  denominations?: Denominations;
  note?: string;
}

export interface ShiftListFilter {
  from: string;
  to: string;
  status: 'open' | 'closed' | '';
}

/** After any change, every shift query (the bar's current one, the lists, the reports). */
function useRefreshShifts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SHIFTS_KEY });
}

/** POST /shifts: 201 the caller's new shift (409 'You already have an open shift'). */
export function useOpenShift() {
  const refresh = useRefreshShifts();
  return useMutation({
    mutationFn: async (body: OpenShiftBody) =>
      (await apiClient.post<Data<Shift>>('/shifts', body)).data,
    onSuccess: refresh,
  });
}

/** POST /shifts/{id}/cash-movements: a Pay in or Pay out (maybe recorded as an expense). */
export function useCashMovement(shiftId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshShifts();
  return useMutation({
    mutationFn: async (body: CashMovementBody) =>
      (await apiClient.post<Data<CashMovement>>(`/shifts/${shiftId}/cash-movements`, body)).data,
    onSuccess: async (_movement, body) => {
      // A pay-out recorded as an expense shows on the expenses page too.
      if (body.expense_category) await queryClient.invalidateQueries({ queryKey: ['expenses'] });
      await refresh();
    },
  });
}

/** POST /shifts/{id}/close: the Z report (a closed shift is final: 409). */
export function useCloseShift(shiftId: number) {
  const refresh = useRefreshShifts();
  return useMutation({
    mutationFn: async (body: CloseShiftBody) =>
      (await apiClient.post<Data<ShiftReport>>(`/shifts/${shiftId}/close`, body)).data,
    onSuccess: refresh,
  });
}

/** GET /shifts/{id}/report: the X report while open, the frozen Z report once closed. */
export function useShiftReport(shiftId: number | null) {
  return useQuery({
    queryKey: [...SHIFTS_KEY, 'report', shiftId],
    queryFn: async ({ signal }) =>
      (await apiClient.get<Data<ShiftReport>>(`/shifts/${shiftId}/report`, { signal })).data,
    enabled: shiftId !== null,
  });
}

/** GET /shifts?from&to&status (managers): the store's shifts, newest first. */
export function useShifts(filter: ShiftListFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...SHIFTS_KEY, 'list', filter],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Data<Shift[]>>('/shifts', {
          signal,
          query: { from: filter.from, to: filter.to, status: filter.status || undefined },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /shifts/summary?date (managers): the day's shifts added up per cashier. */
export function useShiftSummary(date: string) {
  return useQuery({
    queryKey: [...SHIFTS_KEY, 'summary', date],
    queryFn: async ({ signal }) =>
      (await apiClient.get<Data<ShiftDaySummary>>('/shifts/summary', { signal, query: { date } }))
        .data,
    placeholderData: keepPreviousData,
  });
}
