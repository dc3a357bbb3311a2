import type { EtimsState } from '@duka/shared/etims/etims.schemas';
import { formatCurrency, toCents } from '@duka/shared/money/money';
import type { TaxLine } from '@duka/shared/tax/tax';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { rule } from './receipt-parts';

/** The tax table's figures: without 'KSh', so three columns fit 58 mm paper. */
const amountFormat = new Intl.NumberFormat('en-KE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const amount = (value: number) => amountFormat.format((toCents(value) ?? 0) / 100);
/**
 * The words may break anywhere, the figures never: on 58 mm paper a large sale's figures take
 * the width they need and the letters' names ('A Imesamehewa') wrap beside them.
 */
const breakable = '[overflow-wrap:anywhere]';

/**
 * Issue 26: the VAT of a sale or a credit note per KRA tax letter — the letter and its rate
 * ('B 16%', 'A Exempt'), the taxable amount (without the tax) and the tax — then the total VAT.
 * The figures are the server's (the sale's SQL computes them); nothing is summed here but the
 * total, which is the letters' taxes added up as KRA's receipt shows it.
 */
export function ReceiptTaxTable({ tax }: { tax: readonly TaxLine[] }) {
  const { t } = useTranslation('receipts');
  if (tax.length === 0) return null;
  const totalCents = tax.reduce((sum, line) => sum + (toCents(line.tax_amount) ?? 0), 0);
  return (
    <>
      <hr className={rule} />
      <table className="w-full border-collapse" aria-label={t('tax.label')}>
        <thead>
          <tr>
            <th scope="col" className={cn('text-left font-normal', breakable)}>
              {t('tax.type')}
            </th>
            <th scope="col" className={cn('text-right font-normal', breakable)}>
              {t('tax.taxable')}
            </th>
            <th scope="col" className={cn('text-right font-normal', breakable)}>
              {t('tax.vat')}
            </th>
          </tr>
        </thead>
        <tbody>
          {tax.map((line) => (
            <tr key={line.tax_type}>
              <th scope="row" className={cn('text-left font-normal', breakable)}>
                {line.rate > 0
                  ? `${line.tax_type} ${line.rate}%`
                  : `${line.tax_type} ${t(`tax.names.${line.tax_type}`)}`}
              </th>
              <td className="pl-1 text-right whitespace-nowrap">{amount(line.taxable_amount)}</td>
              <td className="pl-1 text-right whitespace-nowrap">{amount(line.tax_amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-bold">
            <th scope="row" className={cn('text-left', breakable)}>
              {t('tax.total')}
            </th>
            {/* Over both amount columns: 'KSh' and a total as wide as a column's figure fit. */}
            <td colSpan={2} className="pl-1 text-right whitespace-nowrap">
              {formatCurrency(totalCents / 100)}
            </td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

/** OSCU's sdcDateTime (YYYYMMDDhhmmss, Nairobi time) as the receipt prints it. */
export function formatSdcDateTime(value: string): string {
  const parts = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!parts) return value;
  const [, year, month, day, hour, minute, second] = parts;
  return `${day}/${month}/${year} ${hour}:${minute}:${second}`;
}

/** A label over its value: signatures and internal data are long words that must wrap on 58 mm. */
function StackedRow({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="break-all">{value}</dd>
    </div>
  );
}

/**
 * Issue 26: the invoice's state with KRA eTIMS on its receipt. Signed: the control unit's invoice
 * number, the receipt signature, the internal data, the control unit's date and time and the QR
 * code (KRA's receipt page, drawn by the server). Not yet sent: 'eTIMS: pending' — the receipt
 * can be reprinted once signed; once the open receipt has stopped looking (get-sale.ts), a small
 * 'Check again' under it, on screen only. Refused: 'eTIMS: failed' with KRA's code. A store not
 * registered prints nothing of eTIMS.
 */
export function ReceiptEtims({
  etims,
  qrSrc,
  onCheckAgain,
}: {
  etims: EtimsState | undefined;
  qrSrc: string;
  onCheckAgain?: () => void;
}) {
  const { t } = useTranslation('receipts');
  if (!etims || etims.status === 'not_registered') return null;
  if (etims.status === 'pending' || etims.status === 'failed') {
    return (
      <>
        <hr className={rule} />
        <p className="text-center" data-etims-status={etims.status}>
          {etims.status === 'pending'
            ? t('etims.pending')
            : etims.result_code
              ? t('etims.failedCode', { code: etims.result_code })
              : t('etims.failed')}
        </p>
        {etims.status === 'pending' && onCheckAgain && (
          <div className="mt-1 text-center print:hidden">
            <Button variant="outline" size="sm" onClick={onCheckAgain}>
              {t('etims.checkAgain')}
            </Button>
          </div>
        )}
      </>
    );
  }
  return (
    <>
      <hr className={rule} />
      <p className="text-center font-bold">{t('etims.heading')}</p>
      <dl data-etims-status="sent">
        {etims.invoice_number && (
          <StackedRow label={t('etims.invoiceNumber')} value={etims.invoice_number} />
        )}
        {etims.signature && <StackedRow label={t('etims.signature')} value={etims.signature} />}
        {etims.internal_data && (
          <StackedRow label={t('etims.internalData')} value={etims.internal_data} />
        )}
        {etims.sdc_date_time && (
          <StackedRow label={t('etims.dateTime')} value={formatSdcDateTime(etims.sdc_date_time)} />
        )}
      </dl>
      {/* 28 mm square: scannable, and well inside the 48 mm a 58 mm roll prints. */}
      <img
        src={qrSrc}
        alt={t('etims.qrAlt')}
        width={106}
        height={106}
        className="mx-auto mt-2 block aspect-square h-auto w-[28mm] max-w-full"
      />
    </>
  );
}
