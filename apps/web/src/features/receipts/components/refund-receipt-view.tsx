import { formatCurrency } from '@duka/shared/money/money';
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { SaleReturn } from '@duka/shared/returns/returns.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { customerName } from '@/lib/customer-name';
import { formatDate } from '@/lib/format-date';
import { returnEtimsQrSrc } from '../api/etims-qr';
import type { Paper } from '../lib/paper';
import { ReceiptHeader, Row, rule } from './receipt-parts';
import { ReceiptEtims, ReceiptTaxTable } from './receipt-tax';

interface RefundReceiptViewProps {
  sale: Sale;
  saleReturn: SaleReturn;
  settings: ReceiptSettings;
  paper: Paper;
  ref?: Ref<HTMLDivElement>;
  /** Given once the receipt has stopped looking for KRA's answer: its eTIMS block offers it. */
  onCheckEtims?: () => void;
}

/**
 * The refund receipt (issue 24): the store's header as on its receipts, REFUND, the return's
 * number and the sale it returns, the lines that came back (each back on the shelf or
 * damaged), the total refunded and how (the M-Pesa code of money sent back), the reason and who
 * gave it. Issue 26: it is a credit note — its own number, the invoice it corrects, its VAT per tax
 * letter and its eTIMS block (QR from the return's own code). Printed alone on thermal paper like the sale's receipt; nothing here is a control but eTIMS's
 * 'Check again', which stays off the paper.
 */
export function RefundReceiptView({
  sale,
  saleReturn,
  settings,
  paper,
  ref,
  onCheckEtims,
}: RefundReceiptViewProps) {
  const { t } = useTranslation(['receipts', 'returns']);
  return (
    <div
      ref={ref}
      data-paper={paper}
      className="rounded-md border border-slate-200 p-4 font-mono text-sm dark:border-slate-700"
    >
      <ReceiptHeader settings={settings} kraPin={sale.store_kra_pin} />
      <hr className={rule} />
      <p className="text-center text-[1.15em] font-bold">{t('returns:receipt.heading')}</p>
      <dl>
        {saleReturn.credit_note_no > 0 && (
          <Row label={t('receipt.creditNoteNo')} value={saleReturn.credit_note_no} />
        )}
        {sale.invoice_no > 0 && <Row label={t('receipt.forInvoice')} value={sale.invoice_no} />}
        <Row label={t('receipt.date')} value={formatDate(saleReturn.created_at, 'receipt')} />
        <Row label={t('returns:receipt.number')} value={`#${saleReturn.id}`} />
        <Row label={t('returns:receipt.sale')} value={`#${sale.id}`} />
        {saleReturn.User && <Row label={t('returns:receipt.by')} value={saleReturn.User.name} />}
        {sale.Customer && <Row label={t('receipt.customer')} value={customerName(sale.Customer)} />}
        {/* Kept whole like an amount: the label wraps instead. */}
        {sale.buyer_kra_pin && (
          <Row label={t('receipt.buyerPin')} value={sale.buyer_kra_pin} amount />
        )}
      </dl>
      <hr className={rule} />
      <ul aria-label={t('receipt.items')}>
        {saleReturn.items.map((item) => (
          <li key={item.sale_item_id} className="mb-1">
            <p className="break-words">{item.product_name}</p>
            <div className="flex flex-wrap justify-between gap-x-2">
              <span className="whitespace-nowrap">
                {t('returns:receipt.line', {
                  quantity: item.quantity,
                  unit: t(`units.${item.unit_type}`, { count: item.quantity }),
                })}
              </span>
              <span className="ml-auto whitespace-nowrap">−{formatCurrency(item.amount)}</span>
            </div>
            <p>{item.restock ? t('returns:receipt.restocked') : t('returns:receipt.damaged')}</p>
          </li>
        ))}
      </ul>
      <hr className={rule} />
      <dl>
        <Row
          label={t('returns:receipt.total')}
          value={formatCurrency(saleReturn.amount)}
          strong
          amount
        />
        <Row
          label={t('returns:receipt.method')}
          value={t(`returns:receipt.methods.${saleReturn.refund_method}`)}
        />
        {saleReturn.mpesa_code && (
          <Row label={t('receipt.mpesaCode')} value={saleReturn.mpesa_code} />
        )}
        <Row label={t('returns:receipt.reason')} value={saleReturn.reason} />
      </dl>
      {/* A server older than issue 26 sends neither. */}
      <ReceiptTaxTable tax={saleReturn.tax ?? []} />
      <ReceiptEtims
        etims={saleReturn.etims}
        qrSrc={returnEtimsQrSrc(saleReturn.id)}
        onCheckAgain={onCheckEtims}
      />
      {settings.thank_you_message && (
        <>
          <hr className={rule} />
          <p className="text-center whitespace-pre-line">{settings.thank_you_message}</p>
        </>
      )}
    </div>
  );
}
