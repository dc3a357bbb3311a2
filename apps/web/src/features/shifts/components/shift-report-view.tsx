import { DENOMINATIONS, type ShiftReport } from '@duka/shared/shifts/shifts.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format-date';
import type { Paper } from '@/lib/thermal-paper';
import { DIFFERENCE_CLASS, differenceKind, signedCurrency } from '../lib/figures';

function Row({
  label,
  value,
  strong = false,
  testId,
  className,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-between gap-2', strong && 'font-bold', className)}>
      <dt className="min-w-0 break-words">{label}</dt>
      {/* Amounts never wrap between 'KSh' and the number, even on 58 mm paper. */}
      <dd className="text-right whitespace-nowrap" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const rule = 'my-2 border-t border-dashed border-slate-400 dark:border-slate-600';

interface ShiftReportViewProps {
  report: ShiftReport;
  /** The store's name heading the slip. */
  shopName: string;
  paper: Paper;
  /** When an X report was drawn up (now); a prop so a test can fix it. */
  asOf: string;
  ref?: Ref<HTMLElement>;
}

/**
 * The X report (an open shift's figures so far) or the Z report (a closed shift's, frozen at its
 * close, with the drawer counted and the difference): a slip like the receipt, printed alone on
 * 58/80 mm thermal paper by lib/thermal-print (issue 24). Nothing here is a control. Every figure
 * is labelled; the difference says Over or Short in words and sign, not by colour alone.
 */
export function ShiftReportView({ report, shopName, paper, asOf, ref }: ShiftReportViewProps) {
  const { t } = useTranslation('shifts');
  const closed = report.status === 'closed';
  const title = closed ? t('report.z') : t('report.x');
  const money = (amount: number) => formatCurrency(amount);
  const counted = report.denominations
    ? DENOMINATIONS.filter((value) => (report.denominations?.[String(value)] ?? 0) > 0)
    : [];

  return (
    <section
      ref={ref}
      aria-label={title}
      data-paper={paper}
      data-testid={closed ? 'z-report' : 'x-report'}
      className="rounded-md border border-slate-200 p-4 font-mono text-sm dark:border-slate-700"
    >
      <header className="text-center">
        <p className="text-[1.15em] font-bold break-words">{shopName}</p>
        <h3 className="mt-1 font-bold uppercase">{title}</h3>
        <p>{t('report.shiftNumber', { id: report.id })}</p>
      </header>
      <hr className={rule} />
      <dl>
        <Row label={t('report.person')} value={report.User?.name ?? t('report.unknown')} />
        <Row label={t('report.opened')} value={formatDate(report.opened_at, 'receipt')} />
        {closed ? (
          <Row label={t('report.closed')} value={formatDate(report.closed_at, 'receipt')} />
        ) : (
          <Row label={t('report.asOf')} value={formatDate(asOf, 'receipt')} />
        )}
        {closed && report.closed_by && report.closed_by.id !== report.User?.id && (
          <Row label={t('report.closedBy')} value={report.closed_by.name} />
        )}
      </dl>
      <hr className={rule} />
      <h4 className="font-bold">{t('report.cashDrawer')}</h4>
      <dl>
        <Row label={t('figures.opening_float')} value={money(report.opening_float)} />
        <Row label={t('figures.cash_sales')} value={money(report.cash_sales)} />
        <Row label={t('figures.change_given')} value={`−${money(report.change_given)}`} />
        <Row label={t('figures.cash_refunds')} value={`−${money(report.cash_refunds)}`} />
        <Row label={t('figures.cash_repayments')} value={money(report.cash_repayments)} />
        <Row label={t('figures.pay_ins')} value={money(report.pay_ins)} />
        <Row label={t('figures.pay_outs')} value={`−${money(report.pay_outs)}`} />
        <Row
          label={t('figures.expected_cash')}
          value={money(report.expected_cash)}
          strong
          testId="expected-cash"
        />
        {closed && report.counted_cash !== null && (
          <Row
            label={t('figures.counted_cash')}
            value={money(report.counted_cash)}
            strong
            testId="counted-cash"
          />
        )}
        {closed && report.difference !== null && (
          <Row
            label={t('figures.difference')}
            value={
              <>
                {t(`difference.${differenceKind(report.difference)}`)}{' '}
                {signedCurrency(report.difference)}
              </>
            }
            strong
            testId="difference"
            className={DIFFERENCE_CLASS[differenceKind(report.difference)]}
          />
        )}
      </dl>
      {counted.length > 0 && (
        <>
          <hr className={rule} />
          <h4 className="font-bold">{t('report.counted')}</h4>
          <dl data-testid="report-denominations">
            {counted.map((value) => {
              const count = report.denominations?.[String(value)] ?? 0;
              return (
                <Row
                  key={value}
                  label={t('report.denominationLine', { value, count })}
                  value={money(value * count)}
                />
              );
            })}
          </dl>
        </>
      )}
      <hr className={rule} />
      <h4 className="font-bold">{t('report.otherMoney')}</h4>
      <dl>
        <Row label={t('figures.mpesa_total')} value={money(report.mpesa_total)} />
        <Row label={t('figures.credit_total')} value={money(report.credit_total)} />
        <Row label={t('figures.mpesa_refunds')} value={money(report.mpesa_refunds)} />
        <Row label={t('figures.credit_refunds')} value={money(report.credit_refunds)} />
        <Row label={t('figures.sales_total')} value={money(report.sales_total)} />
        <Row label={t('figures.sales_count')} value={report.sales_count} />
        <Row label={t('figures.returns_count')} value={report.returns_count} />
      </dl>
      {report.movements.length > 0 && (
        <>
          <hr className={rule} />
          <h4 className="font-bold">{t('report.movements')}</h4>
          <ol aria-label={t('report.movements')}>
            {report.movements.map((movement) => (
              <li key={movement.id} className="mb-1" data-testid="shift-movement">
                <div className="flex justify-between gap-2">
                  <span>{t(`movement.${movement.type}`)}</span>
                  <span className="whitespace-nowrap">
                    {movement.type === 'pay_out' ? '−' : '+'}
                    {money(movement.amount)}
                  </span>
                </div>
                <div className="text-[0.9em] break-words text-slate-600 dark:text-slate-400">
                  {formatDate(movement.created_at, 'time')} · {movement.reason}
                  {movement.expense_id !== null && ` · ${t('movement.expense')}`}
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
      {report.note && (
        <>
          <hr className={rule} />
          <p className="break-words whitespace-pre-line">
            {t('report.note')}: {report.note}
          </p>
        </>
      )}
    </section>
  );
}
