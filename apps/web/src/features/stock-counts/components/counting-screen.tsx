import type { UnitType } from '@duka/shared/money/units';
import type { StockCountDetail } from '@duka/shared/stock-counts/stock-counts.schemas';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { useCan } from '@/lib/use-can';
import { countedText, quantityText, scopeText } from '../lib/count-format';
import { outOfCount, type CountProduct } from '../lib/count-product';
import { useDeviceLines, type DeviceLine } from '../lib/device-lines';
import { CountLineForm } from './count-line-form';
import { CountScanField } from './count-scan-field';
import { FinishCountDialog } from './finish-count-dialog';

interface CountingScreenProps {
  count: StockCountDetail;
  onBack: () => void;
  /** Show the count again from the server (finished meanwhile: its report). */
  onRefresh: () => void;
}

interface Picked {
  product: CountProduct;
  /** A fresh form for each pick, also of the same product again. */
  seq: number;
  initial?: { quantity: number; unit: UnitType };
}

const mutedText = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * The counting screen (issue 25), for every staff member and made for a phone: the scan field
 * has the focus; a product picked shows its quantity and unit; Save and next sends that one
 * line and gives the focus back to the scan field. Below, what this device counted (newest
 * first, each can be counted again) and the count's progress, refreshed from the server as
 * others count too. Managers finish the count from here.
 */
export function CountingScreen({ count, onBack, onRefresh }: CountingScreenProps) {
  const { t } = useTranslation('counts');
  const can = useCan();
  const scanRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const device = useDeviceLines(count.id);
  const [finishing, setFinishing] = useState(false);
  const picks = useRef(0);

  // Scanner-first: the scan field has the focus when the screen opens.
  useEffect(() => scanRef.current?.focus(), []);

  const pick = (product: CountProduct, initial?: Picked['initial']) => {
    setSaved(null);
    picks.current += 1;
    setPicked({ product, initial, seq: picks.current });
  };

  const backToScan = () => {
    setPicked(null);
    // The scan field is what a scanner types into next.
    scanRef.current?.focus();
  };

  const handleSaved = (line: DeviceLine) => {
    device.record(line);
    setSaved(
      t('line.saved', {
        name: line.product.name,
        quantity: quantityText(line.counted_quantity, line.unit_type),
      }),
    );
    backToScan();
  };

  const earlier = picked
    ? count.lines.find((line) => line.product_id === picked.product.id)
    : undefined;

  return (
    <section aria-labelledby="count-heading" className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="count-heading" className="text-lg font-semibold break-words">
            {t('screen.title', { id: count.id, scope: scopeText(count) })}
          </h2>
          <p className={mutedText}>
            {t('screen.started', {
              name: count.started_by?.name ?? t('line.someone'),
              date: formatDate(count.started_at, 'mediumWithTime'),
            })}
          </p>
          <p className="mt-1 font-medium tabular-nums" aria-live="polite">
            {t('progress', { counted: count.lines_counted, total: count.products_in_scope })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden />
            {t('screen.back')}
          </Button>
          {can('counts:manage') && (
            <Button type="button" onClick={() => setFinishing(true)}>
              {t('finish.open')}
            </Button>
          )}
        </div>
      </div>

      <Card>
        <CardContent className="grid gap-4 pt-6">
          <CountScanField ref={scanRef} onPick={(product) => pick(product)} />
          <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
            {saved}
          </p>
          {picked && (
            <CountLineForm
              key={picked.seq}
              countId={count.id}
              product={picked.product}
              outOfCount={outOfCount(picked.product, count)}
              earlier={earlier}
              initial={picked.initial}
              onSaved={handleSaved}
              onCancel={backToScan}
              onFinished={onRefresh}
            />
          )}
        </CardContent>
      </Card>

      <DeviceLines
        lines={device.lines}
        onCountAgain={(line) =>
          pick(line.product, { quantity: line.counted_quantity, unit: line.unit_type })
        }
      />

      {can('counts:manage') && (
        <FinishCountDialog count={count} open={finishing} onOpenChange={setFinishing} />
      )}
    </section>
  );
}

/** What this device counted, newest first; each line can be counted again (it replaces). */
function DeviceLines({
  lines,
  onCountAgain,
}: {
  lines: readonly DeviceLine[];
  onCountAgain: (line: DeviceLine) => void;
}) {
  const { t } = useTranslation('counts');
  return (
    <section aria-labelledby="count-device-heading" className="grid gap-2">
      <h3 id="count-device-heading" className="text-base font-semibold">
        {t('device.title')}
      </h3>
      {lines.length === 0 ? (
        <p className={mutedText}>{t('device.empty')}</p>
      ) : (
        <ul className="grid gap-2" aria-labelledby="count-device-heading">
          {lines.map((line) => (
            <li
              key={line.product.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-800"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{line.product.name}</p>
                <p className={mutedText}>
                  {t('device.line', {
                    quantity: countedText(
                      line.counted_quantity,
                      line.unit_type,
                      line.counted_pieces,
                    ),
                    time: formatDate(line.counted_at, 'time'),
                  })}
                </p>
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={t('device.countAgainNamed', { name: line.product.name })}
                onClick={() => onCountAgain(line)}
              >
                {t('device.countAgain')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
