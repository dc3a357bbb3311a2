import { nairobiToday } from '@duka/shared/expenses/expenses.schemas';
import type { Shift } from '@duka/shared/shifts/shifts.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageLoader } from '@/components/ui/page-loader';
import {
  ResponsiveTable,
  WIDE_TABLE_MEDIA_QUERY,
  type ResponsiveColumn,
} from '@/components/ui/responsive-table';
import { TextField } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format-date';
import {
  useShiftReport,
  useShifts,
  useShiftSummary,
  type ShiftDaySummaryRow,
  type ShiftListFilter,
} from '../api/shifts';
import { DIFFERENCE_CLASS, differenceKind, signedCurrency } from '../lib/figures';
import { shiftFailureMessage } from '../lib/shift-errors';
import { CloseShiftDialog } from './close-shift-dialog';
import { PrintableShiftReport } from './report-print';

/** Over / Short / Exact in words and sign, coloured too (never colour alone). */
export function DifferenceText({ difference }: { difference: number | null }) {
  const { t } = useTranslation('shifts');
  if (difference === null) return <span>—</span>;
  const kind = differenceKind(difference);
  return (
    <span className={cn('font-semibold whitespace-nowrap', DIFFERENCE_CLASS[kind])}>
      {t(`difference.${kind}`)} {signedCurrency(difference)}
    </span>
  );
}

const money = (amount: number | null) => (amount === null ? '—' : formatCurrency(amount));

interface ShiftsManagerProps {
  shopName: string;
  online: boolean;
}

/**
 * The Shifts page (issue 24, managers): the store's shifts for a range of shop days (today in
 * Nairobi at first) with each one's over/short, a shift's report and cash movements, Close shift
 * on one a cashier forgot, and the end-of-day summary by cashier.
 */
export function ShiftsManager({ shopName, online }: ShiftsManagerProps) {
  const { t } = useTranslation('shifts');
  const [today] = useState(() => nairobiToday(new Date()));
  const [filter, setFilter] = useState<ShiftListFilter>({ from: today, to: today, status: '' });
  const [summaryDate, setSummaryDate] = useState(today);
  const [viewing, setViewing] = useState<Shift | null>(null);
  const [closing, setClosing] = useState<Shift | null>(null);
  const rangeError = Boolean(filter.from && filter.to && filter.from > filter.to);
  const shifts = useShifts(filter, !rangeError);

  const columns: ResponsiveColumn<Shift>[] = [
    {
      id: 'person',
      header: t('list.person'),
      cell: (shift) => (
        <span className="font-medium">
          {shift.User?.name ?? t('report.unknown')}
          {shift.status === 'open' && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
              {t('status.open')}
            </span>
          )}
        </span>
      ),
      primary: true,
    },
    {
      id: 'opened',
      header: t('list.opened'),
      cell: (shift) => formatDate(shift.opened_at, 'mediumWithTime'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'closed',
      header: t('list.closed'),
      cell: (shift) => (shift.closed_at ? formatDate(shift.closed_at, 'mediumWithTime') : '—'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'float',
      header: t('list.float'),
      cell: (shift) => money(shift.opening_float),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'expected',
      header: t('list.expected'),
      cell: (shift) => money(shift.expected_cash),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'counted',
      header: t('list.counted'),
      cell: (shift) => money(shift.counted_cash),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'difference',
      header: t('list.difference'),
      cell: (shift) => <DifferenceText difference={shift.difference} />,
      className: 'text-right',
    },
  ];

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('list.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start">
            <TextField
              id="shifts-from"
              label={t('list.from')}
              type="date"
              value={filter.from}
              max={filter.to || undefined}
              onChange={(event) => setFilter({ ...filter, from: event.target.value })}
            />
            <TextField
              id="shifts-to"
              label={t('list.to')}
              type="date"
              value={filter.to}
              min={filter.from || undefined}
              onChange={(event) => setFilter({ ...filter, to: event.target.value })}
              error={rangeError ? t('list.rangeError') : undefined}
            />
            <div className="col-span-2 grid gap-2 sm:col-span-1">
              <Label htmlFor="shifts-status">{t('list.status')}</Label>
              <NativeSelect
                id="shifts-status"
                value={filter.status}
                onChange={(event) =>
                  setFilter({ ...filter, status: event.target.value as ShiftListFilter['status'] })
                }
              >
                <option value="">{t('status.all')}</option>
                <option value="open">{t('status.open')}</option>
                <option value="closed">{t('status.closed')}</option>
              </NativeSelect>
            </div>
          </div>
          {shifts.isPending ? (
            <PageLoader label={t('list.loading')} />
          ) : shifts.isError && !shifts.data ? (
            <div className="grid justify-items-center gap-3 py-8 text-center" role="alert">
              <p>{shiftFailureMessage(shifts.error, t('list.loadFailed'))}</p>
              <Button variant="outline" onClick={() => void shifts.refetch()}>
                {t('actions.retry')}
              </Button>
            </div>
          ) : (
            <ResponsiveTable
              rows={shifts.data ?? []}
              columns={columns}
              rowKey={(shift) => shift.id}
              label={t('list.label')}
              actionsHeader={t('list.actions')}
              wideQuery={WIDE_TABLE_MEDIA_QUERY}
              empty={
                <p className="py-8 text-center text-slate-600 dark:text-slate-300">
                  {t('list.empty')}
                </p>
              }
              actions={(shift) => (
                <>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('list.viewLabel', { name: shift.User?.name ?? '', id: shift.id })}
                    onClick={() => setViewing(shift)}
                  >
                    {t('list.view')}
                  </Button>
                  {shift.status === 'open' && (
                    <Button
                      size="sm"
                      aria-label={t('list.closeLabel', { name: shift.User?.name ?? '' })}
                      onClick={() => setClosing(shift)}
                    >
                      {t('actions.close')}
                    </Button>
                  )}
                </>
              )}
            />
          )}
        </CardContent>
      </Card>
      <DaySummary date={summaryDate} onDateChange={setSummaryDate} />
      <ShiftDetailDialog
        shift={viewing}
        shopName={shopName}
        onOpenChange={(open) => !open && setViewing(null)}
        onClose={(shift) => {
          setViewing(null);
          setClosing(shift);
        }}
      />
      <CloseShiftDialog
        shift={closing}
        onOpenChange={(open) => !open && setClosing(null)}
        shopName={shopName}
        online={online}
        forgotten
      />
    </div>
  );
}

/** A shift's report (X while open, Z once closed) with its cash movements, printable. */
function ShiftDetailDialog({
  shift,
  shopName,
  onOpenChange,
  onClose,
}: {
  shift: Shift | null;
  shopName: string;
  onOpenChange: (open: boolean) => void;
  onClose: (shift: Shift) => void;
}) {
  const { t } = useTranslation('shifts');
  const report = useShiftReport(shift?.id ?? null);
  return (
    <Dialog open={shift !== null} onOpenChange={onOpenChange}>
      <DialogContent data-receipt-dialog className="max-h-[92vh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('detail.title', { name: shift?.User?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('detail.description')}</DialogDescription>
        </DialogHeader>
        {report.data ? (
          <PrintableShiftReport report={report.data} shopName={shopName} idPrefix="shift-detail" />
        ) : report.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>{shiftFailureMessage(report.error, t('xReport.failed'))}</p>
            <Button variant="outline" onClick={() => void report.refetch()}>
              {t('actions.retry')}
            </Button>
          </div>
        ) : (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {t('xReport.loading')}
          </p>
        )}
        <DialogFooter>
          {shift?.status === 'open' && (
            <Button type="button" onClick={() => onClose(shift)}>
              {t('actions.close')}
            </Button>
          )}
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('actions.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const closedAny = (row: ShiftDaySummaryRow) => row.shifts > row.open_shifts;

/** The end-of-day summary by cashier (GET /shifts/summary) for one shop day. */
function DaySummary({
  date,
  onDateChange,
}: {
  date: string;
  onDateChange: (date: string) => void;
}) {
  const { t } = useTranslation('shifts');
  const summary = useShiftSummary(date);
  const columns: ResponsiveColumn<ShiftDaySummaryRow>[] = [
    {
      id: 'person',
      header: t('list.person'),
      cell: (row) => <span className="font-medium">{row.User?.name ?? t('report.unknown')}</span>,
      primary: true,
    },
    {
      id: 'shifts',
      header: t('summary.shifts'),
      cell: (row) =>
        row.open_shifts > 0
          ? t('summary.shiftsOpen', { count: row.shifts, open: row.open_shifts })
          : row.shifts,
    },
    { id: 'sales', header: t('figures.sales_count'), cell: (row) => row.sales_count },
    {
      id: 'total',
      header: t('figures.sales_total'),
      cell: (row) => money(row.sales_total),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'cash',
      header: t('figures.cash_sales'),
      cell: (row) => money(row.cash_sales),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'mpesa',
      header: t('figures.mpesa_total'),
      cell: (row) => money(row.mpesa_total),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'credit',
      header: t('figures.credit_total'),
      cell: (row) => money(row.credit_total),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'refunds',
      header: t('summary.refunds'),
      cell: (row) => money(row.refunds),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'expected',
      header: t('list.expected'),
      cell: (row) => money(row.expected_cash),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'counted',
      header: t('list.counted'),
      // Counted and the difference are of the closed shifts: none closed yet, none to show.
      cell: (row) => money(closedAny(row) ? row.counted_cash : null),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
    {
      id: 'difference',
      header: t('list.difference'),
      cell: (row) => <DifferenceText difference={closedAny(row) ? row.difference : null} />,
      className: 'text-right',
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('summary.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="max-w-48">
          <TextField
            id="shifts-summary-date"
            label={t('summary.date')}
            type="date"
            value={date}
            onChange={(event) => event.target.value && onDateChange(event.target.value)}
          />
        </div>
        {summary.isPending ? (
          <PageLoader label={t('summary.loading')} />
        ) : summary.isError && !summary.data ? (
          <div className="grid justify-items-center gap-3 py-8 text-center" role="alert">
            <p>{shiftFailureMessage(summary.error, t('summary.loadFailed'))}</p>
            <Button variant="outline" onClick={() => void summary.refetch()}>
              {t('actions.retry')}
            </Button>
          </div>
        ) : (
          <ResponsiveTable
            rows={summary.data?.rows ?? []}
            columns={columns}
            rowKey={(row) => row.User?.id ?? 0}
            label={t('summary.label')}
            wideQuery={WIDE_TABLE_MEDIA_QUERY}
            empty={
              <p className="py-8 text-center text-slate-600 dark:text-slate-300">
                {t('summary.empty')}
              </p>
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
