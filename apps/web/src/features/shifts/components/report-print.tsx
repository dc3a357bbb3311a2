import type { ShiftReport } from '@duka/shared/shifts/shifts.schemas';
import { Printer } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { isPaper, PAPERS, usePaper, type Paper } from '@/lib/thermal-paper';
import { usePaperPrint } from '@/lib/thermal-print';
import { ShiftReportView } from './shift-report-view';

/**
 * An X or Z report with its paper and Print (issue 24): printed alone on the device's thermal
 * paper (58/80 mm, the receipt's choice) by the receipt's print stylesheet, lib/thermal-print —
 * the dialog holding it carries `data-receipt-dialog`, the slip one of its own children. "Save as PDF" proposes 'Z_report_12'.
 */
export function PrintableShiftReport({
  report,
  shopName,
  idPrefix,
}: {
  report: ShiftReport;
  shopName: string;
  idPrefix: string;
}) {
  const { t } = useTranslation('shifts');
  const [paper, setPaper] = usePaper();
  const [asOf] = useState(() => new Date().toISOString());
  const slipRef = useRef<HTMLElement>(null);
  const closed = report.status === 'closed';
  const print = usePaperPrint(slipRef, `${closed ? 'Z' : 'X'}_report_${report.id}`, paper);
  const paperId = `${idPrefix}-paper`;

  // Two children of the dialog, not one: the print stylesheet keeps the slip and hides the rest.
  return (
    <>
      <ShiftReportView
        ref={slipRef}
        report={report}
        shopName={shopName}
        paper={paper}
        asOf={asOf}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <Label htmlFor={paperId}>{t('print.paper')}</Label>
          <NativeSelect
            id={paperId}
            className="w-32"
            value={paper}
            onChange={(event) => {
              if (isPaper(event.target.value)) setPaper(event.target.value);
            }}
          >
            {(Object.keys(PAPERS) as Paper[]).map((option) => (
              <option key={option} value={option}>
                {t(`print.paper${option}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="button" onClick={print}>
          <Printer aria-hidden />
          {t('print.print')}
        </Button>
      </div>
    </>
  );
}
