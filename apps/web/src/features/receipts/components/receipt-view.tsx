import { formatCurrency } from '@duka/shared/money/money';
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import type { Paper } from '../lib/paper';
import { customerName } from '@/lib/customer-name';
import { saleEtimsQrSrc } from '../api/etims-qr';
import { ReceiptHeader, Row, rule } from './receipt-parts';
import { ReceiptEtims, ReceiptTaxTable } from './receipt-tax';

interface ReceiptViewProps {
  sale: Sale;
  settings: ReceiptSettings;
  paper: Paper;
  ref?: Ref<HTMLDivElement>;
  /** Given once the receipt has stopped looking for KRA's answer: its eTIMS block offers it. */
  onCheckEtims?: () => void;
}

/**
 * The receipt itself (spec §2 Point of Sale; PRODUCT.md §4b): the store's header from its
 * receipt settings, the sale, its lines and totals, the payment and the thank-you message.
 * Issue 26: the invoice number, the store's and the buyer's KRA PINs, the VAT per tax letter and
 * the invoice's eTIMS block (a sale kept on the device has none of them until uploaded).
 * Printed alone on thermal paper (receipt-print.css); nothing here is a control but eTIMS's
 * 'Check again', which stays off the paper.
 */
export function ReceiptView({ sale, settings, paper, ref, onCheckEtims }: ReceiptViewProps) {
  const { t } = useTranslation('receipts');
  // A server older than issue 21 sends neither.
  const payments = sale.payments ?? [];
  const balanceDue = sale.balance_due ?? 0;

  return (
    <div
      ref={ref}
      data-paper={paper}
      className="rounded-md border border-slate-200 p-4 font-mono text-sm dark:border-slate-700"
    >
      <ReceiptHeader settings={settings} kraPin={sale.store_kra_pin} />
      <hr className={rule} />
      <dl>
        {/* Issue 26: 0 on a sale kept on the device — the server numbers it when uploaded. */}
        {sale.invoice_no > 0 && <Row label={t('receipt.invoiceNo')} value={sale.invoice_no} />}
        <Row label={t('receipt.date')} value={formatDate(sale.createdAt, 'receipt')} />
        {/* Issue 22: a sale kept on the device has no number of the server's until uploaded. */}
        {sale.id > 0 && <Row label={t('receipt.saleId')} value={`#${sale.id}`} />}
        {/* Issue 22: the number the till printed for a sale it made offline (T3-0042). */}
        {sale.device_receipt_number && (
          <Row label={t('receipt.deviceReceipt')} value={sale.device_receipt_number} />
        )}
        {sale.User && <Row label={t('receipt.cashier')} value={sale.User.name} />}
        {sale.Customer && <Row label={t('receipt.customer')} value={customerName(sale.Customer)} />}
        {/* Kept whole like an amount: the label wraps instead. */}
        {sale.buyer_kra_pin && (
          <Row label={t('receipt.buyerPin')} value={sale.buyer_kra_pin} amount />
        )}
      </dl>
      <hr className={rule} />
      <ul aria-label={t('receipt.items')}>
        {sale.items.map((item) => (
          <li key={item.id} className="mb-1">
            <p className="break-words">{item.Product.name}</p>
            {/* On narrow paper the line total drops below, right-aligned, rather than breaking. */}
            <div className="flex flex-wrap justify-between gap-x-2">
              <span className="whitespace-nowrap">
                {t('receipt.line', {
                  quantity: item.quantity,
                  unit: t(`units.${item.unit_type}`, { count: item.quantity }),
                  price: formatCurrency(item.unit_price),
                })}
              </span>
              <span className="ml-auto whitespace-nowrap">{formatCurrency(item.total)}</span>
            </div>
            {item.discount > 0 && (
              <p className="text-right whitespace-nowrap">
                {t('receipt.lineDiscount', { amount: formatCurrency(item.discount) })}
              </p>
            )}
          </li>
        ))}
      </ul>
      <hr className={rule} />
      <dl>
        {sale.delivery_fee > 0 && (
          <>
            <Row label={t('receipt.subtotal')} value={formatCurrency(sale.subtotal)} amount />
            <Row
              label={t('receipt.deliveryFee')}
              value={formatCurrency(sale.delivery_fee)}
              amount
            />
          </>
        )}
        {sale.discount_total > 0 && (
          <Row
            label={t('receipt.discountTotal')}
            value={`−${formatCurrency(sale.discount_total)}`}
            amount
          />
        )}
        {sale.discount_approved_by && (
          <Row label={t('receipt.approvedBy')} value={sale.discount_approved_by.name} />
        )}
        <Row label={t('receipt.total')} value={formatCurrency(sale.total_amount)} strong amount />
        <Row label={t('receipt.paymentMethod')} value={t(`payment.${sale.payment_method}`)} />
        {/* A non-cash sale with change handed back its whole cash part: listed as parts too. */}
        {payments.length > 1 || (sale.payment_method !== 'cash' && sale.change_amount > 0) ? (
          <>
            {/* Issue 21: each part as paid (cash net of the change), then the change. */}
            {payments.map((part, index) => (
              <Row
                key={index}
                label={
                  part.method === 'mpesa' && part.mpesa_code
                    ? `${t('payment.mpesa')} ${part.mpesa_code}`
                    : t(`payment.${part.method}`)
                }
                value={formatCurrency(part.amount)}
                amount
              />
            ))}
            {(payments.some((part) => part.method === 'cash') || sale.change_amount > 0) && (
              <Row label={t('receipt.change')} value={formatCurrency(sale.change_amount)} amount />
            )}
          </>
        ) : sale.payment_method === 'cash' ? (
          <>
            <Row
              label={t('receipt.cashTendered')}
              value={formatCurrency(sale.amount_paid)}
              amount
            />
            <Row label={t('receipt.change')} value={formatCurrency(sale.change_amount)} amount />
          </>
        ) : (
          sale.mpesa_code && <Row label={t('receipt.mpesaCode')} value={sale.mpesa_code} />
        )}
        {balanceDue > 0 && (
          <Row label={t('receipt.balanceDue')} value={formatCurrency(balanceDue)} strong amount />
        )}
      </dl>
      {/* A server older than issue 26 sends neither. */}
      <ReceiptTaxTable tax={sale.tax ?? []} />
      {sale.id > 0 && (
        <ReceiptEtims
          etims={sale.etims}
          qrSrc={saleEtimsQrSrc(sale.id)}
          onCheckAgain={onCheckEtims}
        />
      )}
      {settings.thank_you_message && (
        <>
          <hr className={rule} />
          <p className="text-center whitespace-pre-line">{settings.thank_you_message}</p>
        </>
      )}
    </div>
  );
}
