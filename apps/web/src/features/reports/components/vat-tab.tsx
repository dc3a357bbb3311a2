import type { VatReport } from '@duka/shared/etims/etims.schemas';
import { formatCurrency, toCents } from '@duka/shared/money/money';
import { TAX_RATES, TAX_TYPE_NAMES } from '@duka/shared/tax/tax';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { csvMoney, downloadCsv, toCsv, type CsvValue } from '@/lib/csv';
import { cn } from '@/lib/cn';
import { useVatReport } from '../api/get-vat-report';
import { formatMonth, monthsBack, thisNairobiMonth } from '../lib/vat-month';
import { ReportFailed, ReportLoading } from './report-status';

/** The sales of every letter added up, in cents so 0.1 + 0.2 stays 0.30. */
function totalOf(rows: VatReport['by_tax_type']) {
  const cents = (value: number) => toCents(value) ?? 0;
  return {
    taxable_amount: rows.reduce((sum, row) => sum + cents(row.taxable_amount), 0) / 100,
    tax_amount: rows.reduce((sum, row) => sum + cents(row.tax_amount), 0) / 100,
  };
}

// Narrow cells on a phone: four columns of shillings fit 390 px without scrolling sideways.
const CELL = 'px-2 sm:px-3';
const MONEY = cn(CELL, 'text-right tabular-nums whitespace-nowrap');
/** A row's name (its letter, Total, Credit notes): a header cell, in the body's colour. */
const ROW_NAME = cn(CELL, 'text-slate-900 dark:text-slate-50');

/**
 * Issue 26: the monthly VAT report — for a Nairobi calendar month (this one to begin with), the
 * sales and their VAT per KRA tax letter, their total, and the month's credit notes (returns)
 * apart, not taken off the sales, as KRA reports them; with its CSV. On screen the letters are
 * named in the user's language (the reports catalogue's own copy of the receipts' words, so the
 * page does not load the receipts' catalogue); in the CSV by KRA's names.
 */
export function VatTab() {
  const { t } = useTranslation('reports');
  const months = useMemo(() => monthsBack(thisNairobiMonth()), []);
  const [month, setMonth] = useState(months[0]!);
  const report = useVatReport(month);
  const monthName = formatMonth(month);

  const header = [t('vat.taxType'), t('vat.rate'), t('vat.taxable'), t('vat.vat')];
  const download = (data: VatReport) => {
    const total = totalOf(data.by_tax_type);
    const rows: CsvValue[][] = [
      // The letters by KRA's own names in any language: the figures are checked against KRA's.
      ...data.by_tax_type.map((row) => [
        TAX_TYPE_NAMES[row.tax_type],
        TAX_RATES[row.tax_type],
        csvMoney(row.taxable_amount),
        csvMoney(row.tax_amount),
      ]),
      [t('vat.total'), null, csvMoney(total.taxable_amount), csvMoney(total.tax_amount)],
      [
        t('vat.creditNotes'),
        null,
        csvMoney(data.credit_notes.taxable_amount),
        csvMoney(data.credit_notes.tax_amount),
      ],
    ];
    downloadCsv(`vat-${data.month}.csv`, toCsv(header, rows));
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <Label htmlFor="vat-month">{t('vat.month')}</Label>
          <NativeSelect
            id="vat-month"
            className="sm:w-52"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
          >
            {months.map((value) => (
              <option key={value} value={value}>
                {formatMonth(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          variant="outline"
          disabled={!report.data}
          aria-label={t('csv.vatLabel')}
          onClick={() => report.data && download(report.data)}
        >
          <Download aria-hidden />
          {t('csv.download')}
        </Button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('vat.note')}</p>
      {report.isPending ? (
        <ReportLoading />
      ) : report.isError ? (
        <ReportFailed onRetry={() => void report.refetch()} />
      ) : (
        <div aria-busy={report.isFetching}>
          <VatTable
            report={report.data}
            caption={t('vat.tableLabel', { month: monthName })}
            header={header}
          />
        </div>
      )}
    </div>
  );
}

interface VatTableProps {
  report: VatReport;
  caption: string;
  header: string[];
}

function VatTable({ report, caption, header }: VatTableProps) {
  const { t } = useTranslation('reports');
  const total = totalOf(report.by_tax_type);
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          {header.map((text, index) => (
            <TableHead key={text} scope="col" className={index < 2 ? CELL : MONEY}>
              {text}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {report.by_tax_type.length === 0 ? (
          <TableRow>
            <TableCell colSpan={4} className="py-6 text-center text-slate-600 dark:text-slate-400">
              {t('vat.noSales')}
            </TableCell>
          </TableRow>
        ) : (
          report.by_tax_type.map((row) => (
            <TableRow key={row.tax_type} data-testid={`vat-row-${row.tax_type}`}>
              <TableHead scope="row" className={cn(ROW_NAME, 'font-normal')}>
                {t(`vat.names.${row.tax_type}`)}
              </TableHead>
              <TableCell className={cn(CELL, 'tabular-nums')}>
                {t('vat.ratePercent', { rate: TAX_RATES[row.tax_type] })}
              </TableCell>
              <TableCell className={MONEY}>{formatCurrency(row.taxable_amount)}</TableCell>
              <TableCell className={MONEY}>{formatCurrency(row.tax_amount)}</TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
      <tfoot className="border-t-2 border-slate-300 dark:border-slate-700">
        <TableRow className="font-semibold" data-testid="vat-total">
          <TableHead scope="row" className={ROW_NAME} colSpan={2}>
            {t('vat.total')}
          </TableHead>
          <TableCell className={MONEY}>{formatCurrency(total.taxable_amount)}</TableCell>
          <TableCell className={MONEY}>{formatCurrency(total.tax_amount)}</TableCell>
        </TableRow>
        <TableRow data-testid="vat-credit-notes">
          <TableHead scope="row" className={cn(ROW_NAME, 'font-normal')} colSpan={2}>
            {t('vat.creditNotes')}
          </TableHead>
          <TableCell className={MONEY}>
            {formatCurrency(report.credit_notes.taxable_amount)}
          </TableCell>
          <TableCell className={MONEY}>{formatCurrency(report.credit_notes.tax_amount)}</TableCell>
        </TableRow>
      </tfoot>
    </Table>
  );
}
