import { formatCurrency } from '@duka/shared/money/money';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { EtimsState } from '@duka/shared/etims/etims.schemas';
import { Button } from '@/components/ui/button';
import { formatSaleDate } from '../lib/format-sale-date';
import { EtimsStateDetails } from './etims-state';

/**
 * Issue 24: a sale's returns in its details, oldest first — when and by whom, each line with
 * where it went (back on the shelf or damaged), the refund's method (and M-Pesa code), amount
 * and reason, and its refund receipt to print or send again. Issue 26: its credit note's number
 * and state with KRA eTIMS (Retry for managers).
 */
export function SaleReturnsSection({
  sale,
  onViewRefundReceipt,
  onEtimsRetried,
}: {
  sale: Sale;
  onViewRefundReceipt?: (saleId: number, returnId: number) => void;
  onEtimsRetried?: (returnId: number, etims: EtimsState) => void;
}) {
  const { t } = useTranslation('sales');
  return (
    <section className="grid gap-2" aria-labelledby="sale-returns-title" data-testid="sale-returns">
      <h3 id="sale-returns-title" className="font-semibold">
        {t('returns.title')}
      </h3>
      <ul className="grid gap-2">
        {sale.returns.map((entry) => (
          <li
            key={entry.id}
            className="grid gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
            data-testid="sale-return"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="font-medium">{t('returns.return', { id: entry.id })}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {entry.User
                  ? t('returns.when', {
                      date: formatSaleDate(entry.created_at),
                      name: entry.User.name,
                    })
                  : t('returns.whenNoName', { date: formatSaleDate(entry.created_at) })}
              </span>
            </div>
            <ul className="grid gap-1">
              {entry.items.map((item) => (
                <li key={item.sale_item_id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span>
                    {t('returns.line', {
                      quantity: item.quantity,
                      unit: t(`units.${item.unit_type}`, { count: item.quantity }),
                      name: item.product_name,
                    })}
                  </span>
                  <Badge variant={item.restock ? 'success' : 'warning'}>
                    {item.restock ? t('returns.restocked') : t('returns.damaged')}
                  </Badge>
                  <span className="ml-auto whitespace-nowrap tabular-nums">
                    {formatCurrency(item.amount)}
                  </span>
                </li>
              ))}
            </ul>
            <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
              <dt className="text-slate-600 dark:text-slate-400">{t('returns.method')}</dt>
              <dd>
                {t(`returns.methods.${entry.refund_method}`)}
                {entry.mpesa_code && <span className="ml-2 font-mono">{entry.mpesa_code}</span>}
              </dd>
              <dt className="text-slate-600 dark:text-slate-400">{t('returns.amount')}</dt>
              <dd className="font-semibold tabular-nums">{formatCurrency(entry.amount)}</dd>
              <dt className="text-slate-600 dark:text-slate-400">{t('returns.reason')}</dt>
              <dd className="break-words whitespace-pre-line">{entry.reason}</dd>
              {entry.credit_note_no > 0 && (
                <>
                  <dt className="text-slate-600 dark:text-slate-400">{t('etims.creditNoteNo')}</dt>
                  <dd>{entry.credit_note_no}</dd>
                </>
              )}
            </dl>
            <EtimsStateDetails
              etims={entry.etims}
              document={{ kind: 'return', id: entry.id }}
              label={t('etims.returnLabel', { id: entry.id })}
              onRetried={(etims) => onEtimsRetried?.(entry.id, etims)}
            />
            {onViewRefundReceipt && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                aria-label={t('returns.receiptOf', { id: entry.id })}
                onClick={() => onViewRefundReceipt(sale.id, entry.id)}
              >
                {t('returns.receipt')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
