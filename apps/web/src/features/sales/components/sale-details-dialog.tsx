import { formatCurrency } from '@duka/shared/money/money';
import type { EtimsState } from '@duka/shared/etims/etims.schemas';
import type { Sale, SaleItem } from '@duka/shared/sales/sales.schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DetailEntry, DetailList } from '@/components/ui/detail-list';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { formatSaleDate } from '../lib/format-sale-date';
import { hasCredit, hasLeftToReturn } from '../lib/sale-status';
import { ReceiptSentBadges, SaleStatusBadge, UnverifiedBadge } from './sale-badges';
import { SaleReviewSection } from './sale-review-section';
import { customerName } from '@/lib/customer-name';
import { useCan } from '@/lib/use-can';
import { SaleReturnsSection } from './sale-returns-section';
import { EtimsStateDetails } from './etims-state';

interface SaleDetailsDialogProps {
  /** The sale shown; null when closed. */
  sale: Sale | null;
  onOpenChange: (open: boolean) => void;
  /** Opens the sale's receipt (print, WhatsApp, SMS), composed in by the page. */
  onViewReceipt?: (saleId: number) => void;
  /** A manager marked it reviewed (issue 22): the sale as the server now has it. */
  onReviewed: (sale: Sale) => void;
  /** Issue 24: opens Return items for the sale (the returns feature, composed in by the page). */
  onReturnItems?: (sale: Sale) => void;
  /** Issue 24: opens the refund receipt of one of the sale's returns. */
  onViewRefundReceipt?: (saleId: number, returnId: number) => void;
  /**
   * Issue 26: a manager's Retry sent the invoice or a credit note to eTIMS again: the sale with
   * the state the server answered (the lists refresh too; a filtered one may drop the sale).
   */
  onEtimsRetried?: (sale: Sale) => void;
}

/**
 * Spec §2 Sales details: Customer Information, Payment Information, Sale Information (date,
 * cashier, status, Sale ID) and the items (Product with its SKU, Unit Price, Quantity, Total);
 * the receipt's sends, and a way to print or resend it (PRODUCT.md §4). Issue 22: a sale made
 * offline says when it was made and when it reached the server, its device receipt number, and
 * why it needs review. Issue 26: its invoice number, the buyer's KRA PIN and its state with KRA
 * eTIMS (with Retry for managers), each return's credit note likewise.
 */
export function SaleDetailsDialog({
  sale,
  onOpenChange,
  onViewReceipt,
  onReviewed,
  onReturnItems,
  onViewRefundReceipt,
  onEtimsRetried,
}: SaleDetailsDialogProps) {
  return (
    <Dialog open={sale !== null} onOpenChange={onOpenChange}>
      {sale && (
        <SaleDetails
          sale={sale}
          onClose={() => onOpenChange(false)}
          onViewReceipt={onViewReceipt}
          onReviewed={onReviewed}
          onReturnItems={onReturnItems}
          onViewRefundReceipt={onViewRefundReceipt}
          onEtimsRetried={onEtimsRetried}
        />
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-2">
      <h3 className="font-semibold">{title}</h3>
      <DetailList>{children}</DetailList>
    </section>
  );
}

function SaleDetails({
  sale,
  onClose,
  onViewReceipt,
  onReviewed,
  onReturnItems,
  onViewRefundReceipt,
  onEtimsRetried,
}: {
  sale: Sale;
  onClose: () => void;
  onViewReceipt?: (saleId: number) => void;
  onReviewed: (sale: Sale) => void;
  onReturnItems?: (sale: Sale) => void;
  onViewRefundReceipt?: (saleId: number, returnId: number) => void;
  onEtimsRetried?: (sale: Sale) => void;
}) {
  const { t } = useTranslation(['sales', 'common']);
  const can = useCan();
  const none = t('common:notAvailable');
  // Issue 24: managers take lines back while any is left to return.
  const returnable = can('returns:create') && hasLeftToReturn(sale);
  const saleRetried = (etims: EtimsState) => onEtimsRetried?.({ ...sale, etims });
  const returnRetried = (returnId: number, etims: EtimsState) =>
    onEtimsRetried?.({
      ...sale,
      returns: sale.returns.map((entry) => (entry.id === returnId ? { ...entry, etims } : entry)),
    });

  const columns: ResponsiveColumn<SaleItem>[] = [
    {
      id: 'product',
      header: t('details.product'),
      primary: true,
      cell: (item) => (
        <div>
          <div className="font-medium">{item.Product.name}</div>
          <div className="text-xs text-slate-600 dark:text-slate-400">
            {t('details.sku', { sku: item.Product.sku })}
          </div>
        </div>
      ),
    },
    {
      id: 'price',
      header: t('details.unitPrice'),
      className: 'whitespace-nowrap md:text-right',
      cell: (item) => formatCurrency(item.unit_price),
    },
    {
      id: 'quantity',
      header: t('details.quantity'),
      className: 'whitespace-nowrap md:text-right',
      cell: (item) => (
        <>
          {t('details.quantityWithUnit', {
            quantity: item.quantity,
            unit: t(`units.${item.unit_type}`, { count: item.quantity }),
          })}
          {item.returned_quantity > 0 && (
            <span className="block text-xs text-sky-800 dark:text-sky-300">
              {t('returns.returnedQuantity', { quantity: item.returned_quantity })}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'total',
      header: t('details.lineTotal'),
      className: 'whitespace-nowrap md:text-right',
      cell: (item) => (
        <>
          {formatCurrency(item.total)}
          {item.discount > 0 && (
            <span className="block text-xs text-amber-800 dark:text-amber-300">
              {t('discount.off', { amount: formatCurrency(item.discount) })}
            </span>
          )}
        </>
      ),
    },
  ];

  return (
    <DialogContent className="sm:max-w-3xl">
      <DialogHeader>
        <DialogTitle>{t('details.title')}</DialogTitle>
        <DialogDescription>{t('details.description', { id: sale.id })}</DialogDescription>
      </DialogHeader>

      {sale.offline && (
        <p className="text-sm" data-testid="sale-offline">
          {t('details.madeOffline', {
            sold: formatSaleDate(sale.sold_at),
            received: formatSaleDate(sale.received_at),
          })}
        </p>
      )}
      <SaleReviewSection sale={sale} onReviewed={onReviewed} />

      <div className="grid gap-6 md:grid-cols-3">
        <Section title={t('details.customer')}>
          <DetailEntry label={t('details.name')}>
            {sale.Customer ? customerName(sale.Customer) : none}
          </DetailEntry>
          <DetailEntry label={t('details.email')}>{sale.Customer?.email || none}</DetailEntry>
          <DetailEntry label={t('details.phone')}>{sale.Customer?.phone || none}</DetailEntry>
          {sale.buyer_kra_pin && (
            <DetailEntry label={t('etims.buyerPin')}>
              <span className="font-mono">{sale.buyer_kra_pin}</span>
            </DetailEntry>
          )}
        </Section>
        <Section title={t('details.payment')}>
          <DetailEntry label={t('details.method')}>
            {t(`payment.${sale.payment_method}`)}
          </DetailEntry>
          <DetailEntry label={t('details.paymentStatus')}>
            <SaleStatusBadge status={sale.payment_status} />
          </DetailEntry>
          {sale.delivery_fee > 0 && (
            <>
              <DetailEntry label={t('details.subtotal')}>
                {formatCurrency(sale.subtotal)}
              </DetailEntry>
              <DetailEntry label={t('details.deliveryFee')}>
                {formatCurrency(sale.delivery_fee)}
              </DetailEntry>
            </>
          )}
          {sale.discount_total > 0 && (
            <DetailEntry label={t('discount.total')}>
              −{formatCurrency(sale.discount_total)}
            </DetailEntry>
          )}
          {sale.discount_approved_by && (
            <DetailEntry label={t('discount.approvedBy')}>
              {sale.discount_approved_by.name}
            </DetailEntry>
          )}
          <DetailEntry label={t('details.total')}>{formatCurrency(sale.total_amount)}</DetailEntry>
          {sale.returned_amount > 0 && (
            <DetailEntry label={t('returns.returnedAmount')}>
              −{formatCurrency(sale.returned_amount)}
            </DetailEntry>
          )}
          <DetailEntry label={t('details.amountPaid')}>
            {formatCurrency(sale.amount_paid)}
          </DetailEntry>
          <DetailEntry label={t('details.change')}>
            {formatCurrency(sale.change_amount)}
          </DetailEntry>
          {sale.mpesa_code && (
            <DetailEntry label={t('details.mpesaCode')}>
              <span className="font-mono">{sale.mpesa_code}</span>
            </DetailEntry>
          )}
          {/* Issue 23: a typed code (of the sale or of a part) no received payment matched. */}
          {sale.mpesa_verified === false && (
            <DetailEntry label={t('mpesa.unverified.check')}>
              <span className="grid justify-items-start gap-1" data-testid="sale-unverified">
                <UnverifiedBadge />
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {t('mpesa.unverified.hint')}
                </span>
              </span>
            </DetailEntry>
          )}
          {(sale.payments.length > 1 || hasCredit(sale)) && (
            <>
              <DetailEntry label={t('details.payments')}>
                <ul className="grid gap-0.5" data-testid="sale-payments">
                  {sale.payments.map((part, index) => (
                    <li key={index}>
                      <div className="flex justify-between gap-2">
                        <span>{t(`payment.${part.method}`)}</span>
                        <span className="whitespace-nowrap tabular-nums">
                          {formatCurrency(part.amount)}
                        </span>
                      </div>
                      {part.mpesa_code && (
                        <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">
                          {part.mpesa_code}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </DetailEntry>
              {hasCredit(sale) && (
                <DetailEntry label={t('details.balanceDue')}>
                  <span data-testid="sale-balance-due">
                    {sale.balance_due > 0
                      ? formatCurrency(sale.balance_due)
                      : t('details.paidInFull')}
                  </span>
                </DetailEntry>
              )}
            </>
          )}
        </Section>
        <Section title={t('details.sale')}>
          <DetailEntry label={t('details.date')}>{formatSaleDate(sale.createdAt)}</DetailEntry>
          <DetailEntry label={t('details.cashier')}>{sale.User?.name ?? none}</DetailEntry>
          <DetailEntry label={t('details.status')}>
            <SaleStatusBadge status={sale.status} />
          </DetailEntry>
          <DetailEntry label={t('details.saleId')}>{sale.id}</DetailEntry>
          {sale.invoice_no > 0 && (
            <DetailEntry label={t('etims.invoiceNo')}>{sale.invoice_no}</DetailEntry>
          )}
          {sale.device_receipt_number && (
            <DetailEntry label={t('details.deviceReceipt')}>
              <span className="font-mono">{sale.device_receipt_number}</span>
            </DetailEntry>
          )}
        </Section>
      </div>

      <EtimsStateDetails
        etims={sale.etims}
        document={{ kind: 'sale', id: sale.id }}
        label={t('etims.saleLabel', { id: sale.id })}
        onRetried={saleRetried}
      />

      <section className="grid gap-2">
        <h3 className="font-semibold">{t('details.items')}</h3>
        <ResponsiveTable
          rows={sale.items}
          columns={columns}
          rowKey={(item) => item.id}
          label={t('details.items')}
        />
        {onReturnItems && returnable && (
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => onReturnItems(sale)}
          >
            {t('returns.returnItems')}
          </Button>
        )}
      </section>

      {sale.returns.length > 0 && (
        <SaleReturnsSection
          sale={sale}
          onViewRefundReceipt={onViewRefundReceipt}
          onEtimsRetried={returnRetried}
        />
      )}

      <section className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-800">
        <div className="grid gap-1 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-slate-600 dark:text-slate-400">{t('details.receiptStatus')}</span>
            <ReceiptSentBadges status={sale.receipt_status} />
          </div>
          {onViewReceipt && (
            <p className="text-slate-600 dark:text-slate-400">{t('details.viewReceiptHint')}</p>
          )}
        </div>
        {onViewReceipt && (
          <Button variant="outline" onClick={() => onViewReceipt(sale.id)}>
            {t('details.viewReceipt')}
          </Button>
        )}
      </section>

      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
