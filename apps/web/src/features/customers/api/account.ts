import type {
  CustomerAccount,
  Repayment,
  StatementSend,
} from '@duka/shared/customers/customers.schemas';
import type { RepaymentMethod } from '@duka/shared/sales/sales.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { customersQueryKey } from './customers';

/** A customer's account statement, under the customers' root key (a change refreshes it). */
export const accountQueryKey = (customerId: number) =>
  [...customersQueryKey, 'account', customerId] as const;

/** GET /customers/{id}/account (issue 21): the balance, the limit and every entry, oldest first. */
export function useCustomerAccount(customerId: number | null) {
  return useQuery({
    queryKey: accountQueryKey(customerId ?? 0),
    queryFn: ({ signal }) =>
      apiClient.get<{ data: CustomerAccount }>(`/customers/${customerId}/account`, { signal }),
    select: (response) => response.data,
    enabled: customerId !== null,
  });
}

export interface RecordRepaymentInput {
  customerId: number;
  /** Shillings, two decimals at most (the form's cents, written back). */
  amount: number;
  method: RepaymentMethod;
  mpesa_code?: string;
  /** The same for every retry of one repayment, so a lost answer never takes it twice. */
  idempotencyKey: string;
}

/**
 * POST /customers/{id}/repayments (issue 21): settles the customer's oldest unpaid credit sales
 * first. The customers (balances, statements, the till's selector), the sales (now paid) and
 * the reports (repayments by method) are refreshed.
 */
export function useRecordRepayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ customerId, idempotencyKey, ...body }: RecordRepaymentInput) =>
      (
        await apiClient.post<{ data: Repayment }>(`/customers/${customerId}/repayments`, body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        })
      ).data,
    onSuccess: () =>
      Promise.all(
        [customersQueryKey, ['sales'], ['reports']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export type StatementChannel = StatementSend['channel'];

/**
 * POST /customers/{id}/statement/{whatsapp|sms} (issue 21): the reminder with the statement,
 * as a link to open (like the receipt's link mode). Without a phone of the customer's own the
 * server answers 400 on `phone`, and the number typed is sent.
 */
export function useSendStatement() {
  return useMutation({
    mutationFn: async ({
      customerId,
      channel,
      phone,
    }: {
      customerId: number;
      channel: StatementChannel;
      phone?: string;
    }) =>
      (
        await apiClient.post<{ success: boolean; data: StatementSend }>(
          `/customers/${customerId}/statement/${channel}`,
          phone ? { phone } : {},
        )
      ).data,
  });
}
